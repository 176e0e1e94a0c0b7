import { memo } from 'react';
import { Box, LinearProgress, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../common/formatters';
import { useFormat } from '../common/useFormat';
import type { ReplayTrip } from './types';
import { KNOTS_TO_KMH, tripKm } from './units';
import { localAddress } from '../common/localAddress';

interface Props {
  trips: ReplayTrip[];
  /** index of the selected trip; null: the whole period */
  selected: number | null;
  onSelect: (index: number | null) => void;
  /** the trips are still coming (the route came first) */
  loading?: boolean;
}

const duration = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
};

/** The period's trips; a click selects a trip's range, Total the whole period. */
export const TripList = memo(function TripList({ trips, selected, onSelect, loading = false }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const totalKm = tripKm(trips.reduce((sum, trip) => sum + trip.trip_distance, 0));
  return (
    <List dense disablePadding data-testid="replay-trips">
      <ListItemButton selected={selected === null} onClick={() => onSelect(null)} data-testid="replay-total">
        <ListItemText
          primary={t('replay.total')}
          secondary={
            loading
              ? undefined
              : `${t('replay.tripCount', { n: trips.length })} · ${formatNumber(totalKm, 1)} km`
          }
        />
      </ListItemButton>
      {loading && <LinearProgress sx={{ mx: 2, my: 1 }} data-testid="replay-trips-loading" />}
      {!loading && trips.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t('replay.noTrips')}
        </Typography>
      )}
      {trips.map((trip, index) => (
        <ListItemButton
          key={`${trip.start_index}-${trip.end_index}`}
          selected={selected === index}
          onClick={() => onSelect(index)}
          data-testid="replay-trip"
          data-index={index}
          divider
        >
          <ListItemText
            disableTypography
            primary={
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }} dir="ltr">
                  {format.dateTime(trip.trip_start_fixtime).slice(11)} –{' '}
                  {format.dateTime(trip.trip_end_fixtime).slice(11)}
                </Typography>
                <Typography variant="body2" sx={{ ml: 'auto', fontWeight: 500 }} data-testid="replay-trip-km">
                  {formatNumber(tripKm(trip.trip_distance), 1)} km
                </Typography>
              </Box>
            }
            secondary={
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                {trip.trip_privacy ? (
                  <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <LockIcon sx={{ fontSize: 14 }} /> {t('replay.private')}
                  </Box>
                ) : (
                  <>
                    <Box component="span" sx={{ display: 'block' }}>
                      {format.dateTime(trip.trip_start_fixtime).slice(0, 10)} ·{' '}
                      {trip.trip_start_address ? localAddress(trip.trip_start_address, t) : '—'}
                    </Box>
                    <Box component="span" sx={{ display: 'block' }}>
                      → {trip.trip_end_address ? localAddress(trip.trip_end_address, t) : '—'}
                    </Box>
                  </>
                )}
                <Box component="span" sx={{ display: 'block' }}>
                  {duration(trip.trip_duration)} ·{' '}
                  {t('replay.maxSpeed', { speed: Math.round(trip.trip_max_speed * KNOTS_TO_KMH) })}
                </Box>
              </Box>
            }
          />
        </ListItemButton>
      ))}
    </List>
  );
});
