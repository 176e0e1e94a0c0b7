import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDevices, usePositions } from '../api/queries';
import { hasPermission } from '../session/permissions';
import { useCurrentUser } from '../session/sessionContext';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { ErrorDialog, MessageDialog } from '../common/MessageDialog';
import type { CameraRequest } from '../map/CameraDirector';
import { rotatesWithCourse } from '../map/iconModule';
import { computePeriod, type PeriodValue } from '../common/period/period';
import { PickersProvider } from '../common/pickers/PickersProvider';
import { failureText, isAbort } from '../api/files';
import { fleetPoints } from './fleetPoints';
import { ChartPanel } from './ChartPanel';
import { EventLegend } from './EventLegend';
import { availableSeries } from './chartSeries';
import { Playback } from './playback';
import { PlaybackControls, PlaybackTimeline, PositionReadout } from './PlaybackControls';
import { streamReplay } from './replayApi';
import { boundsOf, fromStreamRoute, withMarks } from './replayData';
import { ReplayMap, type ReplayFit } from './ReplayMap';
import { ReplayQueryForm } from './ReplayQueryForm';
import { spaceToggleHandler } from './spaceToggle';
import { TripList } from './TripList';
import type { Bounds, ReplayData } from './types';
import { useChartSeries, type ReplayQuery } from './useChartSeries';

/** Document 1 §2: the side panel is 350 wide, as on the online map. */
const PANEL_WIDTH = 350;
const CHART_HEIGHT = 240;
const MOBILE_CHART_HEIGHT = 180;
/** The folded phone panel: its title and the playback buttons. */
const MOBILE_FOLDED_HEIGHT = 100;

const NO_FIT: ReplayFit = { key: 'none', points: () => [] };

const readDeviceId = (state: unknown): number | null => {
  const id = (state as { deviceId?: unknown } | null)?.deviceId;
  return typeof id === 'number' && Number.isFinite(id) ? id : null;
};

/** Route replay `/replay` (document 2 §2.6). */
export function ReplayPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const rtl = theme.direction === 'rtl';
  const user = useCurrentUser();
  const timezone = typeof user.attributes.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const devices = useDevices();
  const [preloadId] = useState(() => readDeviceId(location.state));
  const [deviceId, setDeviceId] = useState<number | null>(preloadId);
  const [period, setPeriod] = useState<PeriodValue>({ preset: 'today' });
  const [loading, setLoading] = useState(preloadId !== null);
  const [data, setData] = useState<ReplayData | null>(null);
  const [asked, setAsked] = useState<ReplayQuery | null>(null);
  const [drawn, setDrawn] = useState<ReplayData | null>(null);
  const [oops, setOops] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [trip, setTrip] = useState<number | null>(null);
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const [jump, setJump] = useState<ReplayFit>(NO_FIT);
  const [chartOpen, setChartOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(true);
  const [playback] = useState(() => new Playback());
  const abort = useRef<AbortController | null>(null);
  const computed = useMemo(() => computePeriod(period, timezone), [period, timezone]);
  // before a route is shown, the map shows the fleet where it is now (not the whole world)
  const positions = usePositions();
  const fleetFit = useMemo<ReplayFit>(() => {
    const points = fleetPoints(positions.data ?? []);
    return points.length ? { key: 'fleet', points: () => points } : NO_FIT;
  }, [positions.data]);

  useEffect(() => () => playback.dispose(), [playback]);
  useEffect(() => {
    const handler = spaceToggleHandler(() => playback.toggle());
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, [playback]);

  const fit = useCallback((shown: ReplayData, bounds: Bounds) => {
    const box = boundsOf(shown, bounds.lo, bounds.hi);
    if (box) setCamera((current) => ({ kind: 'bounds', bounds: box, seq: (current?.seq ?? 0) + 1 }));
  }, []);

  /**
   * Fetches and shows a period; state changes only once its route is in. The route is shown at once, its
   * markers, limits and trips when they follow.
   */
  const load = useCallback(
    async (id: number, wanted: NonNullable<typeof computed>) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      // the route shown by this query (its markers are added to it)
      const got: { route: ReplayData | null } = { route: null };
      const settled = () => {
        if (abort.current === controller) setLoading(false);
      };
      try {
        await streamReplay(
          id,
          wanted,
          {
            route: (route, head) => {
              const next = fromStreamRoute(route, head);
              setAsked({ deviceId: id, period: wanted });
              playback.setSpeed(0);
              setTrip(null);
              if (next.length === 0) {
                setData(null);
                setOops(true);
              } else {
                got.route = next;
                playback.select({ lo: 0, hi: next.length - 1 });
                setData(next);
                // a new answer's view is jumped to, not flown to: the route shows at once
                const box = boundsOf(next, 0, next.length - 1);
                if (box) setJump((current) => ({ key: `${current.key}+`, points: () => box }));
                if (mobile) setPanelOpen(false);
              }
              // the route is in: the query may be asked again (which drops what is still coming)
              settled();
            },
            marks: (marks, _route, head) => {
              const route = got.route;
              if (!route) return;
              const next = withMarks(route, marks, head.events);
              setData((current) => (current === route ? next : current));
            },
          },
          controller.signal,
        );
      } catch (error) {
        if (isAbort(error)) return;
        setFailure(failureText(error));
        // a route shown before the failure stays, without markers: the trip list stops waiting for them
        const route = got.route;
        if (route) setData((current) => (current === route ? { ...route, marksLoaded: true } : current));
      } finally {
        settled();
        if (abort.current === controller) abort.current = null;
      }
    },
    [playback, mobile],
  );

  // A vehicle handed over by the online map's popup is replayed for today at once (document 2 §2.6).
  const [preload] = useState(() =>
    preloadId !== null ? computePeriod({ preset: 'today' }, timezone) : null,
  );
  const preloaded = useRef(false);
  useEffect(() => {
    if (preloaded.current || preloadId === null || !preload) return;
    preloaded.current = true;
    void load(preloadId, preload);
  }, [preloadId, preload, load]);
  useEffect(() => () => abort.current?.abort(), []);

  const query = () => {
    if (deviceId === null || !computed) return;
    setLoading(true);
    setDrawn(null);
    void load(deviceId, computed);
  };

  const selectTrip = useCallback(
    (index: number | null) => {
      if (!data) return;
      const chosen = index === null ? null : data.trips[index];
      const bounds = chosen
        ? { lo: Math.max(0, chosen.start_index), hi: Math.min(data.length - 1, chosen.end_index) }
        : { lo: 0, hi: data.length - 1 };
      setTrip(index);
      playback.select(bounds);
      fit(data, bounds);
    },
    [data, playback, fit],
  );

  const device = devices.data?.find((d) => d.id === (data?.device?.id ?? deviceId));
  const category = device?.category || 'default';
  const bounds = useMemo<Bounds | null>(() => {
    if (!data) return null;
    const chosen = trip === null ? null : data.trips[trip];
    return chosen ? { lo: chosen.start_index, hi: chosen.end_index } : { lo: 0, hi: data.length - 1 };
  }, [data, trip]);
  const chartShown = chartOpen && !!data && !!bounds;
  const { chartData, loadingSeries } = useChartSeries(data, asked, chartOpen);
  const series = useMemo(() => (chartData ? availableSeries(chartData) : []), [chartData]);
  const chartHeight = mobile ? MOBILE_CHART_HEIGHT : CHART_HEIGHT;
  const inset = useMemo(
    () => ({
      left: !mobile && panelOpen && !rtl ? PANEL_WIDTH + 16 : 0,
      right: !mobile && panelOpen && rtl ? PANEL_WIDTH + 16 : 0,
      bottom: mobile
        ? (panelOpen ? Math.round(window.innerHeight * 0.6) : MOBILE_FOLDED_HEIGHT) +
          (chartShown ? chartHeight : 0)
        : chartShown
          ? chartHeight + 16
          : 0,
    }),
    [mobile, panelOpen, rtl, chartShown, chartHeight],
  );
  // rendered at once, not behind the map's next frames: the drawn route is told as soon as it is drawn
  const onDrawn = useCallback((shown: ReplayData) => flushSync(() => setDrawn(shown)), []);

  const panel = (
    <Box
      sx={{
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        minHeight: 0,
        flex: 1,
        overflow: 'auto',
      }}
    >
      <ReplayQueryForm
        devices={devices.data ?? []}
        deviceId={deviceId}
        onDevice={setDeviceId}
        period={period}
        onPeriod={setPeriod}
        computed={computed}
        loading={loading}
        onQuery={query}
      />
      {!data && !loading && (
        <Typography variant="body2" color="text.secondary" data-testid="replay-hint">
          {t('replay.hint')}
        </Typography>
      )}
      {data && deviceId !== null && (
        <>
          <PlaybackControls playback={playback} disabled={false} />
          <PlaybackTimeline playback={playback} data={data} />
          <PositionReadout playback={playback} data={data} deviceId={data.device?.id ?? deviceId} />
          <Button
            size="small"
            variant={chartOpen ? 'contained' : 'outlined'}
            startIcon={<ShowChartIcon />}
            onClick={() => setChartOpen((open) => !open)}
            data-testid="replay-chart-toggle"
            data-open={chartOpen}
          >
            {t(chartOpen ? 'replay.hideChart' : 'replay.showChart')}
          </Button>
          <TripList trips={data.trips} selected={trip} onSelect={selectTrip} loading={!data.marksLoaded} />
          <EventLegend />
        </>
      )}
    </Box>
  );

  return (
    <PickersProvider>
      <Box
        data-testid="replay-page"
        data-route-ready={drawn !== null && data !== null && drawn.time === data.time}
        data-marks-ready={drawn !== null && drawn === data && data.marksLoaded}
        sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
      >
        <ReplayMap
          data={data}
          playback={playback}
          category={category}
          rotates={rotatesWithCourse(category)}
          fit={jump === NO_FIT ? fleetFit : jump}
          camera={camera}
          inset={inset}
          rtl={rtl}
          onDrawn={onDrawn}
        />
        <Paper
          elevation={4}
          data-testid="replay-panel"
          data-open={panelOpen}
          sx={
            mobile
              ? {
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  bottom: 0,
                  borderRadius: '12px 12px 0 0',
                  maxHeight: panelOpen ? '60%' : 'auto',
                  display: 'flex',
                  flexDirection: 'column',
                  zIndex: 3,
                }
              : {
                  position: 'absolute',
                  top: 8,
                  // the start side: the right-to-left styles mirror `left` to the right in Arabic
                  left: 8,
                  // full height once a route fills it; as tall as the form and its hint before
                  bottom: panelOpen && data ? (chartShown ? chartHeight + 16 : 8) : undefined,
                  width: PANEL_WIDTH,
                  display: 'flex',
                  flexDirection: 'column',
                  zIndex: 3,
                }
          }
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              px: 1,
              py: 0.5,
              borderBottom: panelOpen ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            {hasPermission(user, 'map.online') && (
              <Tooltip title={t('replay.backToMap')}>
                <IconButton size="small" onClick={() => void navigate('/')} data-testid="replay-back">
                  <ArrowBackIcon sx={rtl ? { transform: 'scaleX(-1)' } : undefined} />
                </IconButton>
              </Tooltip>
            )}
            <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 500 }} noWrap>
              {data?.device?.name ?? device?.name ?? t('route.replay')}
            </Typography>
            <Tooltip title={t(panelOpen ? 'replay.hidePanel' : 'replay.showPanel')}>
              <IconButton
                size="small"
                onClick={() => setPanelOpen((open) => !open)}
                data-testid="replay-panel-toggle"
              >
                {panelOpen === mobile ? <ExpandMoreIcon /> : <ExpandLessIcon />}
              </IconButton>
            </Tooltip>
          </Box>
          {mobile && chartShown && bounds && (
            <Box sx={{ height: chartHeight, flexShrink: 0, p: 0.5 }}>
              <ChartPanel
                data={chartData ?? data}
                bounds={bounds}
                series={series}
                timezone={timezone}
                loadingSeries={loadingSeries}
              />
            </Box>
          )}
          {panelOpen ? panel : null}
          {!panelOpen && data && (
            <Box sx={{ px: 1.5, pb: 0.5 }}>
              <PlaybackControls playback={playback} disabled={false} />
              <PlaybackTimeline playback={playback} data={data} />
            </Box>
          )}
        </Paper>
        {!mobile && chartShown && bounds && (
          <Box
            sx={{
              position: 'absolute',
              bottom: 8,
              // mirrored in Arabic like the panel
              left: panelOpen ? PANEL_WIDTH + 16 : 8,
              right: 8,
              height: chartHeight,
              zIndex: 2,
            }}
          >
            <ChartPanel
              data={chartData ?? data}
              bounds={bounds}
              series={series}
              timezone={timezone}
              loadingSeries={loadingSeries}
            />
          </Box>
        )}
        {loading && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              zIndex: 4,
              pointerEvents: 'none',
            }}
          >
            <CircularProgress data-testid="replay-spinner" />
          </Box>
        )}
        <MessageDialog
          open={oops}
          title={t('reports.oops')}
          message={t('reports.noDataForTheSelectedPeriod')}
          onClose={() => setOops(false)}
        />
        <ErrorDialog message={failure} onClose={() => setFailure(null)} />
      </Box>
    </PickersProvider>
  );
}
