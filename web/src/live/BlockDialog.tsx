import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, getJson, sendJson } from '../api/client';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorDialog, MessageDialog } from '../common/MessageDialog';
import { useFormat } from '../common/useFormat';
import { blockAnswerDetail, blockFailureReason, type BlockAnswer } from './blockMessages';
import { addPendingCommand, dropPendingCommand } from './pendingCommands';
import type { VehicleView } from './types';

interface BlockDetails {
  eventtime: string | null;
  user: string | null;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'confirm'; blocked: boolean }
  | { kind: 'sending'; blocked: boolean }
  | { kind: 'done'; blocked: boolean; detail: string }
  | { kind: 'failed'; reason: string };

function useBlockDetails(deviceId: number, value: 1 | 0) {
  return useQuery({
    queryKey: ['blockDetails', deviceId, value],
    queryFn: () => getJson<BlockDetails>(`/report/api.php/block_details/${deviceId}/${value}`),
    retry: false,
  });
}

/** Immobilisation (document 1 §2, §4, §8): state and who last changed it, confirm, send, result. */
export function BlockDialog({ view, onClose }: { view: VehicleView; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const lastBlock = useBlockDetails(view.id, 1);
  const lastUnblock = useBlockDetails(view.id, 0);
  const state = view.indicators.immobilization ?? 'unknown';

  const send = async (blocked: boolean) => {
    setStep({ kind: 'sending', blocked });
    // The icon blinks from the moment the command leaves: the vehicle's report may come before the answer.
    addPendingCommand(view.id, blocked);
    try {
      const answer = await sendJson<BlockAnswer>('POST', '/report/api.php/block', {
        deviceId: view.id,
        immobilizationValue: blocked,
      });
      setStep({ kind: 'done', blocked, detail: blockAnswerDetail(answer) });
      void lastBlock.refetch();
      void lastUnblock.refetch();
    } catch (error) {
      dropPendingCommand(view.id);
      const reason =
        error instanceof ApiError
          ? blockFailureReason(error.body, error.statusText)
          : String((error as Error).message);
      setStep({ kind: 'failed', reason });
    }
  };

  const history = (details: BlockDetails | undefined, label: string) =>
    details?.eventtime ? (
      <Typography variant="body2" color="text.secondary" data-testid="block-history">
        {t(label, { time: format.dateTime(details.eventtime), user: details.user ?? '' })}
      </Typography>
    ) : null;

  return (
    <>
      <Dialog
        open={step.kind === 'choose' || step.kind === 'sending'}
        onClose={onClose}
        data-testid="block-dialog"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle>{t('live.block.title', { name: view.name })}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }} data-testid="block-state">
            {state === 'on' ? (
              <LockIcon color="error" />
            ) : (
              <LockOpenIcon color={state === 'off' ? 'success' : 'disabled'} />
            )}
            <Typography>{t(`live.immobilization.${state}`)}</Typography>
          </Box>
          {history(lastBlock.data, 'live.block.lastBlock')}
          {history(lastUnblock.data, 'live.block.lastUnblock')}
          {step.kind === 'sending' && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }} data-testid="block-sending">
              <CircularProgress size={20} />
              <Typography>{t('live.block.sending')}</Typography>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button
            color="success"
            variant="outlined"
            startIcon={<LockOpenIcon />}
            disabled={step.kind === 'sending'}
            onClick={() => setStep({ kind: 'confirm', blocked: false })}
            data-testid="block-off"
          >
            {t('live.block.unblock')}
          </Button>
          <Button
            color="error"
            variant="contained"
            startIcon={<LockIcon />}
            disabled={step.kind === 'sending'}
            onClick={() => setStep({ kind: 'confirm', blocked: true })}
            data-testid="block-on"
          >
            {t('live.block.block')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={step.kind === 'confirm'}
        title={t('live.block.confirmTitle')}
        message={t(
          step.kind === 'confirm' && step.blocked ? 'live.block.confirmBlock' : 'live.block.confirmUnblock',
          {
            name: view.name,
          },
        )}
        confirmLabel={t('send')}
        onConfirm={() => step.kind === 'confirm' && void send(step.blocked)}
        onCancel={() => setStep({ kind: 'choose' })}
      />
      <MessageDialog
        open={step.kind === 'done'}
        title={t('live.block.confirmTitle')}
        message={
          step.kind === 'done'
            ? [t(step.blocked ? 'live.block.sentBlock' : 'live.block.sentUnblock'), step.detail]
                .filter(Boolean)
                .join('\n')
            : ''
        }
        onClose={onClose}
      />
      <ErrorDialog
        message={step.kind === 'failed' ? t('live.block.failed', { reason: step.reason }) : null}
        onClose={onClose}
      />
    </>
  );
}
