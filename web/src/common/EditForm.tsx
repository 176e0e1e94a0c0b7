import { useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useSession } from '../session/sessionContext';
import { ErrorDialog } from './MessageDialog';
import { formatSaveError } from './saveError';
import { saveItem } from './saveItem';
import { useGoBack } from './useGoBack';

export interface EditFormProps<T extends { id?: number }> {
  title: string;
  /** API collection: the item is saved at `/api/{endpoint}`. */
  endpoint: string;
  item: T | undefined;
  loading?: boolean;
  /** Returns the validation message, or null when the item may be saved. */
  validate?: (item: T) => string | null;
  /** The body sent to the server. */
  toBody?: (item: T) => T;
  onSaved?: (saved: T) => void;
  /** Saves the body instead of PUT/POST `/api/{endpoint}` (items saved with their associations). */
  save?: (body: T) => Promise<T | undefined>;
  /** Where to go after saving instead of going back. */
  afterSave?: (saved: T) => void;
  /** Where Cancel and Save go when there is no page to go back to. */
  backPath: string;
  maxWidth?: number;
  children: ReactNode;
}

/** The generic edit form of document 1 §2: fields, Cancel (back) and Save, errors in an "Erro" dialog. */
export function EditForm<T extends { id?: number }>(props: EditFormProps<T>) {
  const { title, endpoint, item, loading, validate, toBody, onSaved, backPath, children } = props;
  const { save: saveBody, afterSave } = props;
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const goBack = useGoBack(backPath);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!item) return;
    if (user?.readonly) {
      setError(t('readOnlyUser'));
      return;
    }
    const invalid = validate?.(item) ?? null;
    if (invalid) {
      setError(invalid);
      return;
    }
    setSaving(true);
    try {
      const body = toBody ? toBody(item) : item;
      const saved = (await (saveBody ? saveBody(body) : saveItem(endpoint, body))) ?? body;
      await queryClient.invalidateQueries({ queryKey: [endpoint] });
      onSaved?.(saved);
      if (afterSave) afterSave(saved);
      else goBack();
    } catch (e) {
      setError(e instanceof ApiError ? formatSaveError(e.status, e.statusText, e.body) : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: props.maxWidth ?? 720, mx: 'auto' }}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {loading || !item ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress />
          </Box>
        ) : (
          <Stack spacing={2}>{children}</Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button onClick={goBack} data-testid="edit-cancel">
            {t('cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={!item || saving}
            data-testid="edit-save"
          >
            {t('save')}
          </Button>
        </Stack>
      </Paper>
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </Box>
  );
}
