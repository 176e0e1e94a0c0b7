import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../common/formatters';
import { useFormat } from '../common/useFormat';
import { alertTypeName } from './alertTypes';
import type { AlertEvent } from './eventsApi';
import { statusOf } from './eventStatus';
import { Fact, PlaceMap } from '../map/PlaceFacts';
import { StatusLabel } from './StatusChip';
import { localAddress } from '../common/localAddress';

/** The Detalhes tab: the event's facts and a still map of its position, road or satellite. */
export function EventDetails({ event }: { event: AlertEvent }) {
  const { t } = useTranslation();
  const format = useFormat();
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
        <Fact label={t('alerts.address')}>{event.address ? localAddress(event.address, t) : ''}</Fact>
        <Fact label={t('alerts.coordinates')}>
          {located ? `${event.latitude!.toFixed(6)}, ${event.longitude!.toFixed(6)}` : t('alerts.noPosition')}
        </Fact>
        {event.details && <Fact label={t('alerts.description')}>{event.details}</Fact>}
      </Box>
      {located && (
        <PlaceMap
          latitude={event.latitude!}
          longitude={event.longitude!}
          idPrefix="event"
          width={320}
          height={220}
        />
      )}
    </Stack>
  );
}
