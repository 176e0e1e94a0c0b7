import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, sendJson } from '../api/client';
import { queryKeys } from '../api/queries';
import type { Geofence } from '../api/types';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorDialog, MessageDialog } from '../common/MessageDialog';
import { saveItem } from '../common/saveItem';
import { zoneBody, zoneEdits, zoneForm, type ZoneForm } from './zoneForm';
import { ZoneFields } from './ZoneFields';

/** A zone being edited: an existing one, or a new one drawn on the map (no id yet). */
export type ZoneDraft = Partial<Geofence> & Pick<Geofence, 'area'>;

type Outcome =
  | { kind: 'edit' }
  | { kind: 'confirmRemove' }
  | { kind: 'saved' }
  | { kind: 'saveFailed'; status: string }
  | { kind: 'removed' }
  | { kind: 'removeFailed'; status: string };

const statusOf = (error: unknown): string =>
  error instanceof ApiError
    ? `${error.status} ${error.statusText}`.trim()
    : String((error as Error)?.message ?? error);

export interface ZoneEditDialogProps {
  zone: ZoneDraft;
  canRemove: boolean;
  onClose: () => void;
  /** Opens directly on the removal confirmation (the zones tab's Remove entry). */
  startWithRemove?: boolean;
}

/** Zone edit by type with save and remove, ending in the result dialogs of document 1 §8. */
export function ZoneEditDialog({ zone, canRemove, onClose, startWithRemove }: ZoneEditDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ZoneForm>(() => zoneForm({ name: '', attributes: {}, ...zone }));
  const [outcome, setOutcome] = useState<Outcome>(
    startWithRemove ? { kind: 'confirmRemove' } : { kind: 'edit' },
  );
  const [busy, setBusy] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.geofences });

  const save = async () => {
    setBusy(true);
    try {
      // an existing zone: only what the dialog edits, over the zone as stored now (issue 33)
      if (zone.id) await sendJson('PATCH', `/api/geofences/${zone.id}`, zoneEdits(zone, form));
      else await saveItem('geofences', zoneBody(zone, form));
      setOutcome({ kind: 'saved' });
      void reload();
    } catch (error) {
      setOutcome({ kind: 'saveFailed', status: statusOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await sendJson('DELETE', `/api/geofences/${zone.id}`);
      setOutcome({ kind: 'removed' });
      void reload();
    } catch (error) {
      setOutcome({ kind: 'removeFailed', status: statusOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const title = zone.id ? t('live.zone.editTitle') : t('live.zone.newTitle');
  return (
    <>
      <Dialog
        open={outcome.kind === 'edit'}
        onClose={onClose}
        data-testid="zone-dialog"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle>{`${title} · ${t(`live.zoneKind.${form.type}`)}`}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('name')}
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
            fullWidth
            margin="dense"
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'zone-name' } }}
          />
          <TextField
            label={t('live.zone.description')}
            value={form.description}
            onChange={(event) => setForm({ ...form, description: event.target.value })}
            fullWidth
            margin="dense"
            multiline
            slotProps={{ htmlInput: { 'data-testid': 'zone-description' } }}
          />
          <ZoneFields form={form} onChange={setForm} />
        </DialogContent>
        <DialogActions>
          {zone.id && canRemove ? (
            <Button
              color="error"
              onClick={() => setOutcome({ kind: 'confirmRemove' })}
              data-testid="zone-dialog-remove"
              sx={{ mr: 'auto' }}
            >
              {t('remove')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="zone-save">
            {t('save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={outcome.kind === 'confirmRemove'}
        title={t('live.zone.removeTitle')}
        message={t('removeConfirm', { name: form.name })}
        confirmLabel={t('remove')}
        onConfirm={() => void remove()}
        onCancel={startWithRemove ? onClose : () => setOutcome({ kind: 'edit' })}
      />
      <MessageDialog
        open={outcome.kind === 'saved' || outcome.kind === 'removed'}
        title={outcome.kind === 'removed' ? t('live.zone.removeTitle') : title}
        message={outcome.kind === 'removed' ? t('live.zone.removed') : t('live.zone.edited')}
        onClose={onClose}
      />
      <ErrorDialog
        title={outcome.kind === 'removeFailed' ? t('live.zone.removeTitle') : title}
        message={
          outcome.kind === 'saveFailed'
            ? t('live.zone.editFailed', { status: outcome.status })
            : outcome.kind === 'removeFailed'
              ? t('live.zone.removeFailed', { status: outcome.status })
              : null
        }
        onClose={onClose}
      />
    </>
  );
}
