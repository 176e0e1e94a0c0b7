import { useMemo } from 'react';
import { Alert, Box, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../api/queries';
import { DonutCard, type ColouredSlice } from './DonutCard';
import { alertCounts, speedTop5, statisticsSince, vehicleCounts, type AlertEventType } from './statistics';
import { useDeviceStatistics } from './useDeviceStatistics';

const VEHICLE_COLOURS = { withPosition: '#2e7d32', withoutPosition: '#9e9e9e' };

const ALERT_COLOURS: Record<AlertEventType, string> = {
  deviceOverspeed: '#c62828',
  alarmHardAcceleration: '#ef6c00',
  alarmHardBraking: '#6a1b9a',
  alarmHardCornering: '#0d47a1',
  alarmLowBattery: '#f9a825',
  alarmSos: '#ad1457',
};

/** Most alerts first: from red to blue. */
const TOP_COLOURS = ['#c62828', '#ef6c00', '#f9a825', '#00897b', '#1565c0'];

/** /dashboard: the fleet at a glance since the statistics were last reset (document 2 §2.7). */
export function DashboardPage() {
  const { t } = useTranslation();
  const statistics = useDeviceStatistics();
  const devices = useDevices();
  const all = statistics.data;

  const vehicles = useMemo<ColouredSlice[]>(() => {
    const counts = vehicleCounts(all ?? [], devices.data);
    return (['withPosition', 'withoutPosition'] as const).map((key) => ({
      key,
      label: t(`dashboard.${key}`),
      value: counts[key],
      colour: VEHICLE_COLOURS[key],
    }));
  }, [all, devices.data, t]);

  const alerts = useMemo<ColouredSlice[]>(
    () =>
      alertCounts(all ?? []).map(({ eventType, count }) => ({
        key: eventType,
        // the event type names of the alerts report
        label: t(`reports.event.${eventType}`),
        value: count,
        colour: ALERT_COLOURS[eventType],
      })),
    [all, t],
  );

  const top = useMemo<ColouredSlice[]>(
    () =>
      speedTop5(all ?? [], devices.data).map((row, i) => ({
        key: String(row.deviceId),
        label: row.label,
        value: row.count,
        colour: TOP_COLOURS[i],
      })),
    [all, devices.data],
  );

  const since = useMemo(() => statisticsSince(all ?? []), [all]);
  const loading = statistics.isPending;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {t('route.dashboard')}
        </Typography>
        {statistics.isFetching && !loading && <CircularProgress size={20} aria-label={t('refresh')} />}
        <Tooltip title={t('refresh')}>
          <span>
            <IconButton
              onClick={() => void statistics.refetch()}
              disabled={statistics.isFetching}
              aria-label={t('refresh')}
              data-testid="dashboard-refresh"
            >
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {statistics.isError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="dashboard-error">
          {t('dashboard.loadFailed')}
        </Alert>
      )}
      {!statistics.isError && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <DonutCard
            title={t('dashboard.vehicles')}
            testId="dashboard-vehicles"
            slices={vehicles}
            emptyText={t('dashboard.noVehicles')}
            loading={loading}
          />
          <DonutCard
            title={t('dashboard.alerts')}
            testId="dashboard-alerts"
            slices={alerts}
            emptyText={t('dashboard.noAlerts')}
            loading={loading}
          />
          <DonutCard
            title={t('dashboard.speedTop5')}
            testId="dashboard-speed-top5"
            slices={top}
            emptyText={t('dashboard.noAlerts')}
            loading={loading || devices.isPending}
          />
        </Box>
      )}
      {since && (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="dashboard-since"
          sx={{ mt: 2, textAlign: 'center' }}
        >
          {t('dashboard.since', { date: since })}
        </Typography>
      )}
    </Box>
  );
}
