import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { TOAST_MS } from '../common/centre/ShareEmailDialog';
import { formatSaveError } from '../common/saveError';
import { useCurrentUser } from '../session/sessionContext';
import { appProblem } from './profileForm';
import { fetchAppVersion, refillKeys, saveAppVersion } from './refillsApi';
import type { RefillApp } from './refillTypes';

/**
 * The operators' Android app (document 3 §2): a QR code of its download link, the link, and the latest
 * version. They come from the server (an administrator's choice, else FROTA_REFILLS_APP_URL and
 * FROTA_REFILLS_APP_VERSION); an administrator changes them here, for every client. Until one is set the
 * dialog says so instead of showing nothing.
 */
export function AppAndroidDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const admin = !!user?.administrator;
  const app = useQuery({ queryKey: refillKeys.appVersion, queryFn: fetchAppVersion });
  const [editing, setEditing] = useState(false);
  const link = app.data?.apk_url.trim() ?? '';
  const version = app.data?.apk_version.trim() ?? '';
  // an administrator facing an app not yet set goes straight to its form
  const form = admin && app.isSuccess && (editing || !link);

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="refill-app-dialog">
      <DialogTitle>{t('refills.appTitle')}</DialogTitle>
      {app.isLoading ? (
        <DialogContent sx={{ textAlign: 'center' }}>
          <CircularProgress />
        </DialogContent>
      ) : form ? (
        <AppForm
          current={app.data ?? { apk_version: '', apk_url: '' }}
          onDone={() => setEditing(false)}
          onCancel={link ? () => setEditing(false) : onClose}
        />
      ) : (
        <>
          <DialogContent sx={{ textAlign: 'center' }}>
            {link ? (
              <>
                <Box sx={{ p: 2, bgcolor: '#fff', display: 'inline-block' }} data-testid="refill-app-qr">
                  <QRCodeSVG value={link} size={220} marginSize={1} title={link} />
                </Box>
                <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
                  <Link href={link} target="_blank" rel="noopener" data-testid="refill-app-link">
                    {link}
                  </Link>
                </Typography>
                {version && (
                  <Typography variant="body2" sx={{ mt: 1 }} data-testid="refill-app-version">
                    {t('refills.appLatest', { version })}
                  </Typography>
                )}
              </>
            ) : (
              <Alert severity="info" sx={{ textAlign: 'start' }} data-testid="refill-app-unset">
                {t(app.isError ? 'refills.appUnavailable' : 'refills.appUnset')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            {admin && app.isSuccess && (
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="refill-app-edit">
                {t('edit')}
              </Button>
            )}
            <Box sx={{ flex: 1 }} />
            <Button onClick={onClose} data-testid="refill-app-close">
              {t('close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** The administrator's form: the version and the link, checked here and again by the server. */
function AppForm({
  current,
  onDone,
  onCancel,
}: {
  current: RefillApp;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<RefillApp>(current);
  const [problem, setProblem] = useState<{ message: string; field?: keyof RefillApp } | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (field: keyof RefillApp) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = appProblem(draft);
    if (found) {
      setProblem({ message: t(found.message), field: found.field });
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const saved = await saveAppVersion({
        apk_version: draft.apk_version.trim(),
        apk_url: draft.apk_url.trim(),
      });
      queryClient.setQueryData(refillKeys.appVersion, saved);
      enqueueSnackbar(t('refills.appSaved'), { variant: 'success', autoHideDuration: TOAST_MS });
      onDone();
    } catch (e) {
      setProblem({
        message:
          e instanceof ApiError
            ? e.status === 400 && e.body
              ? e.body
              : formatSaveError(e.status, e.statusText, e.body)
            : String(e),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!current.apk_url.trim() && (
            <Alert severity="info" data-testid="refill-app-unset">
              {t('refills.appSetHint')}
            </Alert>
          )}
          {problem && (
            <Alert severity="error" data-testid="refill-app-error">
              {problem.message}
            </Alert>
          )}
          <TextField
            label={t('refills.appVersion')}
            value={draft.apk_version}
            onChange={(e) => change('apk_version')(e.target.value)}
            error={problem?.field === 'apk_version'}
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'refill-app-version-input' } }}
          />
          <TextField
            label={t('refills.appLink')}
            value={draft.apk_url}
            onChange={(e) => change('apk_url')(e.target.value)}
            error={problem?.field === 'apk_url'}
            placeholder="https://"
            slotProps={{ htmlInput: { 'data-testid': 'refill-app-url-input', inputMode: 'url' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} data-testid="refill-app-cancel">
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="refill-app-save">
          {t('save')}
        </Button>
      </DialogActions>
    </form>
  );
}
