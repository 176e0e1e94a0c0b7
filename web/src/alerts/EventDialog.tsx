import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/sessionContext';
import { mayWrite } from '../common/listActions';
import { EventDetails } from './EventDetails';
import { EventEmailDialog, TOAST_MS } from './EventEmailDialog';
import { EventHistory } from './EventHistory';
import { ALERT_EVENTS_KEY, saveEventStatus, type AlertEvent } from './eventsApi';
import { EVENT_STATUSES, statusKey, statusOf, STATUS_COLOURS, type EventStatusId } from './eventStatus';

type TabId = 'details' | 'new' | 'history';

/** Whether the form holds a change worth saving: another status, or observations (document 2 §4). */
export const statusChanged = (current: EventStatusId, chosen: EventStatusId, observations: string): boolean =>
  chosen !== current || observations.trim() !== '';

/** The status dialog: Detalhes, Novo estado and Histórico tabs; send by e-mail, cancel, save. */
export function EventDialog({ event, onClose }: { event: AlertEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const current = statusOf(event.lastStatusId);
  const [tab, setTab] = useState<TabId>('details');
  const [status, setStatus] = useState<EventStatusId>(current);
  const [observations, setObservations] = useState('');
  const [saving, setSaving] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const writable = mayWrite(user);
  const changed = statusChanged(current, status, observations);

  const save = async () => {
    setSaving(true);
    try {
      await saveEventStatus(event.id, status, observations.trim());
      enqueueSnackbar(t('alerts.saved'), { variant: 'success', autoHideDuration: TOAST_MS });
      void queryClient.invalidateQueries({ queryKey: ALERT_EVENTS_KEY });
      onClose();
    } catch {
      enqueueSnackbar(t('alerts.saveFailed'), { variant: 'error', autoHideDuration: TOAST_MS });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} data-testid="event-dialog">
      <DialogTitle>{`${event.deviceName}${event.deviceLicensePlate ? ` (${event.deviceLicensePlate})` : ''}`}</DialogTitle>
      <Tabs
        value={tab}
        onChange={(_e, value: TabId) => setTab(value)}
        variant="scrollable"
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="details" label={t('alerts.details')} data-testid="event-tab-details" />
        <Tab value="new" label={t('alerts.newStatus')} data-testid="event-tab-new" disabled={!writable} />
        <Tab value="history" label={t('alerts.history')} data-testid="event-tab-history" />
      </Tabs>
      <DialogContent sx={{ minHeight: 300 }}>
        {tab === 'details' && <EventDetails event={event} />}
        {tab === 'new' && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('alerts.newStatus')}
              value={status}
              onChange={(e) => setStatus(statusOf(e.target.value))}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'event-status-select' } as object },
              }}
            >
              {EVENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s} data-testid="event-status-option" data-status={s}>
                  <Box
                    component="span"
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: STATUS_COLOURS[s].bg, mr: 1 }}
                  />
                  {t(statusKey(s))}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('alerts.observations')}
              value={observations}
              onChange={(e) => setObservations(e.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { 'data-testid': 'event-observations', maxLength: 4000 } }}
            />
          </Stack>
        )}
        {tab === 'history' && <EventHistory eventId={event.id} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {writable && (
          <Button startIcon={<EmailIcon />} onClick={() => setEmailing(true)} data-testid="event-email">
            {t('alerts.sendEmail')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} data-testid="event-cancel">
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!writable || !changed || saving}
          data-testid="event-save"
        >
          {t('save')}
        </Button>
      </DialogActions>
      {emailing && <EventEmailDialog eventId={event.id} onClose={() => setEmailing(false)} />}
    </Dialog>
  );
}
