import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { useCurrentUser } from '../session/sessionContext';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { mayWrite } from '../common/listActions';
import { ErrorDialog } from '../common/MessageDialog';
import { RefillDetails } from './RefillDetails';
import { mayRemoveRefill, refillName } from './refillRules';
import { refillKeys, removeRefill } from './refillsApi';
import { RefillShareDialog } from './RefillShareDialog';
import type { Refill } from './refillTypes';

/** A refill's details with edit, remove (managers only) and send by e-mail (document 3 §2). */
export function RefillDialog({ refill, onClose }: { refill: Refill; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setConfirming(false);
    try {
      await removeRefill(refill.deviceId, refill.id);
      await queryClient.invalidateQueries({ queryKey: refillKeys.all });
      onClose();
    } catch (e) {
      // Document 3 §8: an alert with the status code and text.
      setError(
        e instanceof ApiError
          ? t('refills.removeFailed', { status: e.status, text: e.body || e.statusText })
          : String(e),
      );
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} data-testid="refill-dialog">
      <DialogTitle>{`${refill.deviceName}${refill.deviceLicensePlate ? ` (${refill.deviceLicensePlate})` : ''}`}</DialogTitle>
      <DialogContent dividers>
        <RefillDetails refill={refill} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mayWrite(user) && (
          <Button startIcon={<EmailIcon />} onClick={() => setSharing(true)} data-testid="refill-share">
            {t('refills.sendEmail')}
          </Button>
        )}
        {mayRemoveRefill(user) && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => setConfirming(true)}
            data-testid="refill-remove"
          >
            {t('remove')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} data-testid="refill-close">
          {t('close')}
        </Button>
        {mayWrite(user) && (
          <Button
            variant="contained"
            startIcon={<EditIcon />}
            onClick={() =>
              void navigate(`/management/refill/${refill.id}`, {
                state: { extraData: refill.deviceId, deviceId: refill.deviceId },
              })
            }
            data-testid="refill-edit"
          >
            {t('edit')}
          </Button>
        )}
      </DialogActions>
      {sharing && <RefillShareDialog refillId={refill.id} onClose={() => setSharing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={t('remove')}
        message={t('refills.removeConfirm', { name: refillName(refill) })}
        confirmLabel={t('remove')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </Dialog>
  );
}
