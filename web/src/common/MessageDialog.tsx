import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface MessageDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  onClose: () => void;
  /** Error dialogs carry the `error-dialog` test id; information dialogs `message-dialog`. */
  error?: boolean;
}

/** A title, a message and an OK button. */
export function MessageDialog({ open, title, message, onClose, error }: MessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      data-testid={error ? 'error-dialog' : 'message-dialog'}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" sx={{ whiteSpace: 'pre-line' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus data-testid="dialog-ok">
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An error dialog titled "Erro" (or the given title), with an OK button. */
export function ErrorDialog({
  message,
  title,
  onClose,
}: {
  message: string | null;
  title?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <MessageDialog
      open={message !== null}
      title={title ?? t('error')}
      message={message ?? ''}
      onClose={onClose}
      error
    />
  );
}
