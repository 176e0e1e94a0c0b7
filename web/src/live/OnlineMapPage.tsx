import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGeofences, useGroups, useServerInfo } from '../api/queries';
import type { Geofence } from '../api/types';
import { flushApplied } from '../api/flushProbe';
import { useAreas, vehicleDialogOf } from '../session/areas';
import { isTemporaryUser } from '../session/permissions';
import { useCurrentUser } from '../session/sessionContext';
import type { CameraRequest, CameraTarget } from '../map/CameraDirector';
import { AccumulatorsDialog } from './AccumulatorsDialog';
import { BlockDialog } from './BlockDialog';
import { LastResult } from './lastResult';
import { LiveMap } from './LiveMap';
import { LivePanel, PANEL_WIDTH, type PanelTab } from './LivePanel';
import { mapSettings } from '../session/mapSettings';
import { positionPoints, zoneCamera } from './mapVehicles';
import { OPTION_PATHS, popupOptions, type PopupOption } from './popupOptions';
import type { VehicleView } from './types';
import { useDemoFleet } from './useDemoFleet';
import { useFleet } from './useFleet';
import { useLiveSelection } from './useLiveSelection';
import { useVehicleTrace } from './useVehicleTrace';
import { VehiclePopup } from './VehiclePopup';
import { VehiclesTab } from './VehiclesTab';
import {
  DEFAULT_QUERY,
  applyVehicleQuery,
  groupOptions,
  isDemoSearch,
  sortedList,
  type SortedList,
  type VehicleQuery,
} from './vehicleList';
import { ZoneEditDialog, type ZoneDraft } from './ZoneEditDialog';
import { ZonesTab } from './ZonesTab';

type OpenDialog =
  | { kind: 'block'; view: VehicleView }
  | { kind: 'cameras'; view: VehicleView }
  | { kind: 'accumulators'; view: VehicleView }
  | { kind: 'zone'; zone: ZoneDraft; remove?: boolean; onClosed?: () => void };

const TOAST_MS = 3000;

/** The online map screen `/` (document 1 §2). */
export function OnlineMapPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const user = useCurrentUser();
  const areas = useAreas();
  // The camera dialog is the cameras area's (its manifest lends it, lazy: loaded on the first open).
  const CameraDialog = vehicleDialogOf(areas, 'cameras')?.Dialog;
  const settings = useMemo(() => mapSettings(user, mobile), [user, mobile]);
  const canEditZones = !isTemporaryUser(user) && !user.readonly;
  const fleet = useFleet();
  const groups = useGroups();
  const geofences = useGeofences();
  const server = useServerInfo();
  const [query, setQuery] = useState<VehicleQuery>(DEFAULT_QUERY);
  const demo = isDemoSearch(query.search);
  const demoVehicles = useDemoFleet(demo);
  const vehicles = demo ? demoVehicles : fleet.vehicles;
  const [lastSorted] = useState(() => new LastResult<SortedList | undefined>(undefined));
  const { rows, counts } = useMemo(() => {
    const result = applyVehicleQuery(vehicles, query, lastSorted.get());
    lastSorted.set(sortedList(result.rows, query.sort, lastSorted.get()));
    return result;
  }, [vehicles, query, lastSorted]);
  const groupList = useMemo(
    () => groupOptions(groups.data ?? [], fleet.devices ?? []),
    [groups.data, fleet.devices],
  );
  const zones = geofences.data ?? [];
  const [tab, setTab] = useState<PanelTab>('vehicles');
  // a phone opens on the fleet: the list folded to its tabs, one tap away
  const [panelOpen, setPanelOpen] = useState(() => !mobile);
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const [followId, setFollowId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { selected, popupOpen, select, toggle, closePopup } = useLiveSelection(rows);
  const trace = useVehicleTrace(selected);
  const fitPoints = useCallback(() => positionPoints(vehicles), [vehicles]);
  const rtl = theme.direction === 'rtl';
  const inset = useMemo(() => {
    const side = !mobile && panelOpen ? PANEL_WIDTH + 8 : 0;
    return {
      left: rtl ? 0 : side,
      right: rtl ? side : 0,
      bottom: mobile && panelOpen ? Math.round(window.innerHeight * 0.45) : 0,
    };
  }, [mobile, panelOpen, rtl]);
  const fit = useMemo(() => ({ key: demo ? 'demo' : 'fleet', points: fitPoints }), [demo, fitPoints]);

  // The end of applying a live flush on this screen: after the list and counts, and the map's vehicles
  // handed over (child effects); the map applies them in its next animation frame, measured apart.
  useEffect(() => flushApplied(), [fleet.vehicles]);

  const move = useCallback((next: CameraTarget) => {
    setCamera((current) => ({ ...next, seq: (current?.seq ?? 0) + 1 }));
  }, []);

  const followed = followId === null ? null : (vehicles.find((v) => v.id === followId) ?? null);
  const followedName = followed?.name;
  /** Choosing another vehicle or a zone ends following: the camera would otherwise jump back at the next flush. */
  const stopFollowing = useCallback(
    (unless?: number) => {
      if (followId === null || followId === unless) return;
      setFollowId(null);
      enqueueSnackbar(t('live.followStopped', { name: followedName ?? '' }), { autoHideDuration: TOAST_MS });
    },
    [followId, followedName, enqueueSnackbar, t],
  );

  const selectRow = useCallback(
    (view: VehicleView) => {
      stopFollowing(view.id);
      select(view.id);
      if (view.position)
        move({
          kind: 'point',
          longitude: view.position.longitude,
          latitude: view.position.latitude,
          lowered: true,
        });
      if (mobile) setPanelOpen(false);
    },
    [select, move, mobile, stopFollowing],
  );

  const clickMarker = useCallback(
    (id: number) => {
      const view = rows.find((row) => row.id === id);
      if (!view || view.indicators.privacy) return;
      stopFollowing(id);
      toggle(id);
    },
    [rows, toggle, stopFollowing],
  );

  const followedPosition = followed?.position ?? null;
  // The camera is asked to follow by the render that brings the new position (React renders again at once),
  // not by an effect, which would render the whole screen a second time per flush.
  const [followedAt, setFollowedAt] = useState(followedPosition);
  if (followedPosition !== followedAt) {
    setFollowedAt(followedPosition);
    if (followedPosition)
      move({
        kind: 'point',
        longitude: followedPosition.longitude,
        latitude: followedPosition.latitude,
        instant: true,
        lowered: true,
      });
  }

  const onOption = (view: VehicleView, option: PopupOption) => {
    const state = { deviceId: view.id };
    switch (option) {
      case 'edit':
        void navigate(OPTION_PATHS[option](view.id));
        break;
      case 'maintenances':
        void navigate(OPTION_PATHS[option](view.id), { state });
        break;
      case 'history':
      case 'refills':
        void navigate(OPTION_PATHS[option](), { state });
        break;
      case 'follow':
        if (followId === view.id) {
          setFollowId(null);
          enqueueSnackbar(t('live.followStopped', { name: view.name }), { autoHideDuration: TOAST_MS });
        } else {
          setFollowId(view.id);
          enqueueSnackbar(t('live.following', { name: view.name }), { autoHideDuration: TOAST_MS });
        }
        break;
      case 'block':
      case 'accumulators':
      case 'cameras':
        setDialog({ kind: option, view });
        break;
    }
  };

  const selectZone = (zone: Geofence) => {
    stopFollowing();
    const request = zoneCamera(zone, (camera?.seq ?? 0) + 1);
    if (request) setCamera(request);
    if (mobile) setPanelOpen(false);
  };

  const popup =
    selected && popupOpen ? (
      <VehiclePopup
        view={selected}
        options={popupOptions(user, selected.device, areas, selected.demo)}
        following={followId === selected.id}
        onOption={(option) => onOption(selected, option)}
      />
    ) : null;

  return (
    <Box data-testid="online-map" sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}>
      <LiveMap
        rows={rows}
        settings={settings}
        zones={zones}
        selected={selected}
        popup={popup}
        onPopupClose={closePopup}
        onVehicleClick={clickMarker}
        trace={trace}
        fit={fit}
        camera={camera}
        inset={inset}
        rtl={rtl}
        canDraw={canEditZones}
        onDrawn={(zone, clear) => setDialog({ kind: 'zone', zone, onClosed: clear })}
        trafficSignToken={String(server.data?.attributes?.mapillaryAccessToken ?? '')}
      />
      <LivePanel
        tab={tab}
        onTab={setTab}
        vehicleCount={counts.all}
        zoneCount={zones.length}
        open={panelOpen}
        onToggle={() => setPanelOpen((open) => !open)}
        mobile={mobile}
      >
        {tab === 'vehicles' ? (
          <VehiclesTab
            query={query}
            onQuery={setQuery}
            groups={groupList}
            total={fleet.vehicles.length}
            counts={counts}
            rows={rows}
            selectedId={selected?.id ?? null}
            onSelect={selectRow}
            loading={fleet.loading}
          />
        ) : (
          <ZonesTab
            zones={zones}
            canEdit={canEditZones}
            onSelect={selectZone}
            onEdit={(zone) => setDialog({ kind: 'zone', zone })}
            onRemove={(zone) => setDialog({ kind: 'zone', zone, remove: true })}
          />
        )}
      </LivePanel>
      {dialog?.kind === 'block' && <BlockDialog view={dialog.view} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cameras' && CameraDialog && (
        <Suspense fallback={null}>
          <CameraDialog
            deviceId={dialog.view.id}
            name={dialog.view.name}
            attributes={vehicles.find((v) => v.id === dialog.view.id)?.position?.attributes}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'accumulators' && (
        <AccumulatorsDialog view={dialog.view} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'zone' && (
        <ZoneEditDialog
          zone={dialog.zone}
          canRemove={canEditZones}
          startWithRemove={dialog.remove}
          onClose={() => {
            dialog.onClosed?.();
            setDialog(null);
          }}
        />
      )}
    </Box>
  );
}
