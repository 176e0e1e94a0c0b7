import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, sendJson } from '../api/client';
import { queryKeys } from '../api/queries';
import { ErrorDialog, MessageDialog } from '../common/MessageDialog';
import { accumulatorsBody, accumulatorsForm, parseNonNegative, type AccumulatorsForm } from './accumulators';
import type { VehicleView } from './types';

type Result = { ok: true } | { ok: false; message: string } | null;

/** "Correcção de km": odometer (km) and engine hours, stored as metres and milliseconds (document 1 §8). */
export function AccumulatorsDialog({ view, onClose }: { view: VehicleView; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<AccumulatorsForm>(() => accumulatorsForm(view.position?.attributes));
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const body = accumulatorsBody(view.id, form);

  const save = async () => {
    if (!body) return;
    setSaving(true);
    try {
      await sendJson('PUT', `/api/devices/${view.id}/accumulators`, body);
      setResult({ ok: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.positions });
    } catch (error) {
      const status = error instanceof ApiError ? `${error.status} ${error.statusText}`.trim() : String(error);
      setResult({ ok: false, message: t('live.accumulators.failed', { status }) });
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof AccumulatorsForm, label: string) => (
    <TextField
      label={label}
      type="number"
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      error={parseNonNegative(form[key]) === undefined}
      slotProps={{ htmlInput: { min: 0, step: 'any', 'data-testid': `accumulators-${key}` } }}
      fullWidth
      margin="dense"
    />
  );

  return (
    <>
      <Dialog
        open={result === null}
        onClose={onClose}
        data-testid="accumulators-dialog"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle>{t('live.accumulators.title')}</DialogTitle>
        <DialogContent>
          {field('km', t('live.accumulators.km'))}
          {field('hours', t('live.accumulators.hours'))}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={!body || saving}
            onClick={() => void save()}
            data-testid="accumulators-save"
          >
            {t('save')}
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog
        open={result?.ok === true}
        title={t('live.accumulators.title')}
        message={t('live.accumulators.done')}
        onClose={onClose}
      />
      <ErrorDialog
        title={t('live.accumulators.title')}
        message={result && !result.ok ? result.message : null}
        onClose={onClose}
      />
    </>
  );
}
