import { useSearchParams } from 'react-router';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatArea, geometryToArea } from '@frota/core';
import { useTranslation } from 'react-i18next';
import type { Geofence } from '../api/types';
import { BaseLayerControl, storedBaseLayer } from '../map/BaseLayerControl';
import { CameraDirector, type CameraRequest } from '../map/CameraDirector';
import { ClusterMarkers } from '../map/ClusterMarkers';
import { DrawControl } from '../map/DrawControl';
import { MapControls } from '../map/MapControls';
import { MapPopup, type MapPopupHandle } from '../map/MapPopup';
import { MapView } from '../map/MapView';
import type { Placement } from '../map/motion';
import { TraceLayer } from '../map/TraceLayer';
import { TrafficSignLayer } from '../map/TrafficSignLayer';
import { VehicleLayer } from '../map/VehicleLayer';
import { ZoneLayer } from '../map/ZoneLayer';
import type { MapSettings } from '../session/mapSettings';
import { MarkerCache, mapVehicles } from './mapVehicles';
import type { TracePoint } from './trace';
import type { VehicleView } from './types';
import type { ZoneDraft } from './ZoneEditDialog';

export interface LiveMapProps {
  rows: VehicleView[];
  settings: MapSettings;
  zones: Geofence[];
  selected: VehicleView | null;
  popup: React.ReactNode;
  onPopupClose: () => void;
  onVehicleClick: (id: number) => void;
  trace: TracePoint[];
  fit: { key: string; points: () => ReadonlyArray<[number, number]> };
  camera: CameraRequest | null;
  inset: { left: number; right: number; bottom: number };
  rtl: boolean;
  canDraw: boolean;
  onDrawn: (zone: ZoneDraft, clear: () => void) => void;
  trafficSignToken: string;
}

const initialLayer = storedBaseLayer();

/** The map of the online screen: base layer, zones, trace, vehicles, controls, drawing and the popup. */
export function LiveMap(props: LiveMapProps) {
  const { t } = useTranslation();
  const { rows, settings, selected } = props;
  // /?draw=zone: the zones list sent the user here to draw one
  const [search] = useSearchParams();
  const drawZone = search.get('draw') === 'zone';
  const [markers] = useState(() => new MarkerCache());
  const vehicles = useMemo(() => mapVehicles(rows, markers), [rows, markers]);
  const labels = useMemo(
    () => ({ vehicleNames: settings.showVehicleNames, driverNames: settings.showDriverNames }),
    [settings.showVehicleNames, settings.showDriverNames],
  );
  const popupHandle = useRef<MapPopupHandle | null>(null);
  const setHandle = useCallback((handle: MapPopupHandle | null) => {
    popupHandle.current = handle;
  }, []);
  const onSelectedPlacement = useCallback((at: Placement) => {
    popupHandle.current?.moveTo(at.longitude, at.latitude);
  }, []);
  // Read on a click: the directions control keeps one callback, so a new selection does not rebuild it.
  const selectedRef = useRef(selected);
  useLayoutEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  const directionsTarget = useCallback((): [number, number] | null => {
    const position = selectedRef.current?.position;
    return position ? [position.longitude, position.latitude] : null;
  }, []);
  const { onDrawn } = props;
  const drawn = useCallback(
    (geometry: Parameters<typeof geometryToArea>[0], clear: () => void) =>
      onDrawn(
        { area: formatArea(geometryToArea(geometry)), name: '', description: '', attributes: {} },
        clear,
      ),
    [onDrawn],
  );
  const position = props.rtl ? 'top-left' : 'top-right';

  return (
    <MapView initialLayer={initialLayer}>
      <BaseLayerControl initial={initialLayer} />
      {settings.showGeofences && <ZoneLayer zones={props.zones} showNames={settings.showGeofenceNames} />}
      <TraceLayer points={props.trace} />
      <VehicleLayer
        key={settings.groupVehicles ? 'clustered' : 'single'}
        vehicles={vehicles}
        labels={labels}
        cluster={settings.groupVehicles}
        selectedId={selected?.id ?? null}
        onVehicleClick={props.onVehicleClick}
        onSelectedPlacement={onSelectedPlacement}
      />
      {settings.groupVehicles && <ClusterMarkers />}
      {settings.showTrafficSigns && <TrafficSignLayer token={props.trafficSignToken} />}
      <MapControls
        position={position}
        directionsTitle={t('live.directions')}
        directionsTarget={directionsTarget}
      />
      {props.canDraw && <DrawControl position={position} onCreate={drawn} startWithZone={drawZone} />}
      <CameraDirector fit={props.fit} request={props.camera} inset={props.inset} />
      {selected?.position && props.popup && (
        <MapPopup
          key={selected.id}
          longitude={selected.position.longitude}
          latitude={selected.position.latitude}
          onClose={props.onPopupClose}
          handle={setHandle}
        >
          {props.popup}
        </MapPopup>
      )}
    </MapView>
  );
}
