import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../common/formatters';
import { useFormat } from '../common/useFormat';
import { alertTypeName } from './alertTypes';
import type { AlertEvent } from './eventsApi';
import { statusOf } from './eventStatus';
import { StatusLabel } from './StatusChip';

const EventMap = lazy(() => import('./EventMap'));

type MapLayer = 'road' | 'satellite';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The Detalhes tab: the event's facts and a still map of its position, road or satellite. */
export function EventDetails({ event }: { event: AlertEvent }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [layer, setLayer] = useState<MapLayer>('road');
  const located = event.latitude !== null && event.longitude !== null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} data-testid="event-details">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Fact label={t('alerts.date')}>{format.dateTime(event.eventTime)}</Fact>
        <Fact label={t('alerts.eventType')}>{alertTypeName(event.eventType, t)}</Fact>
        <Fact label={t('alerts.vehicle')}>{event.deviceName}</Fact>
        <Fact label={t('alerts.plate')}>{event.deviceLicensePlate ?? ''}</Fact>
        <Fact label={t('alerts.driver')}>{event.driverName ?? ''}</Fact>
        <Fact label={t('alerts.phone')}>{event.driverPhone ?? ''}</Fact>
        <Fact label={t('alerts.statusLabel')}>
          <StatusLabel status={statusOf(event.lastStatusId)} />
        </Fact>
        <Fact label={t('alerts.speed')}>{event.speed === null ? '' : formatNumber(event.speed * 1.852)}</Fact>
        <Fact label={t('alerts.address')}>{event.address ?? ''}</Fact>
        <Fact label={t('alerts.coordinates')}>
          {located ? `${event.latitude!.toFixed(6)}, ${event.longitude!.toFixed(6)}` : t('alerts.noPosition')}
        </Fact>
        {event.details && <Fact label={t('alerts.description')}>{event.details}</Fact>}
      </Box>
      {located && (
        <Box sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={layer}
            onChange={(_e, value: MapLayer | null) => value && setLayer(value)}
            sx={{ mb: 1 }}
          >
            <ToggleButton value="road" data-testid="event-map-road">
              {t('alerts.road')}
            </ToggleButton>
            <ToggleButton value="satellite" data-testid="event-map-satellite">
              {t('alerts.satellite')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Box
            sx={{ position: 'relative', height: 220, borderRadius: 1, overflow: 'hidden' }}
            data-testid="event-map"
            aria-hidden
          >
            <Suspense fallback={<Skeleton variant="rectangular" height={220} />}>
              <EventMap latitude={event.latitude!} longitude={event.longitude!} layer={layer} />
            </Suspense>
          </Box>
        </Box>
      )}
    </Stack>
  );
}
