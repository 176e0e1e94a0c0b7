import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { sendCameraCommand } from './camerasApi';
import type { CameraCommand } from './cameraTypes';

/** Toasts last 3 s (document 3 §9). */
export const COMMAND_TOAST_MS = 3000;

/**
 * Sends a camera request and toasts the result (document 3 §8: `Comando enviado com sucesso` /
 * `Erro ao enviar comando`); `sending` holds while the tracker is asked (up to 10 s when it is silent).
 */
export function useCameraCommand(onSent: () => void): {
  sending: boolean;
  send: (command: CameraCommand) => Promise<boolean>;
} {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [sending, setSending] = useState(false);
  const send = async (command: CameraCommand): Promise<boolean> => {
    setSending(true);
    try {
      await sendCameraCommand(command);
      enqueueSnackbar(t('cameras.commandSent'), { variant: 'success', autoHideDuration: COMMAND_TOAST_MS });
      onSent();
      return true;
    } catch {
      enqueueSnackbar(t('cameras.commandFailed'), { variant: 'error', autoHideDuration: COMMAND_TOAST_MS });
      return false;
    } finally {
      setSending(false);
    }
  };
  return { sending, send };
}
