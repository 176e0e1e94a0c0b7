import {
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../common/useFormat';
import { fetchEventHistory, historyKey } from './eventsApi';
import { statusOf } from './eventStatus';
import { StatusLabel } from './StatusChip';

/** The Histórico tab: every status the event was given, newest first, with who, when and the notes. */
export function EventHistory({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useQuery({ queryKey: historyKey(eventId), queryFn: () => fetchEventHistory(eventId) });
  if (history.isLoading) return <CircularProgress size={24} />;
  const entries = history.data ?? [];
  // A failed fetch shows nothing and no message (document 2 §8), as an empty history does.
  if (entries.length === 0)
    return (
      <Typography color="text.secondary" data-testid="event-history-empty">
        {t('alerts.noHistory')}
      </Typography>
    );
  return (
    <Table size="small" data-testid="event-history">
      <TableHead>
        <TableRow>
          <TableCell>{t('alerts.statusLabel')}</TableCell>
          <TableCell>{t('alerts.date')}</TableCell>
          <TableCell>{t('alerts.user')}</TableCell>
          <TableCell>{t('alerts.observations')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} data-testid="event-history-row">
            <TableCell>
              <StatusLabel status={statusOf(entry.status)} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.date)}</TableCell>
            <TableCell>{entry.user ?? ''}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-line' }}>{entry.details ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
