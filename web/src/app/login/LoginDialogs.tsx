import { useTranslation } from 'react-i18next';
import type { ClientDetails } from '../../api/types';
import { MessageDialog } from '../../common/MessageDialog';
import { ContactDialog } from '../ContactDialog';
import { NewPasswordDialog } from './NewPasswordDialog';
import { QrDialog } from './QrDialog';
import { RecoverPasswordDialog } from './RecoverPasswordDialog';

export type LoginDialog = 'recover' | 'qr' | 'contacts' | null;

/** The login page's dialogs, in their own chunk: the error, recovery, QR code, contacts and new password. */
export function LoginDialogs({
  error,
  onErrorClose,
  dialog,
  onDialogClose,
  email,
  details,
  resetLink,
  onResetDone,
}: {
  error: string | null;
  onErrorClose: () => void;
  dialog: LoginDialog;
  onDialogClose: () => void;
  email: string;
  details: ClientDetails | undefined;
  resetLink: { token: string; user: string } | null;
  onResetDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <MessageDialog
        open={error !== null}
        title={t('loginErrorTitle')}
        message={error ?? ''}
        onClose={onErrorClose}
        error
      />
      <RecoverPasswordDialog open={dialog === 'recover'} onClose={onDialogClose} initialEmail={email} />
      <QrDialog open={dialog === 'qr'} onClose={onDialogClose} address={`${window.location.origin}/`} />
      <ContactDialog open={dialog === 'contacts'} onClose={onDialogClose} details={details} />
      {resetLink && <NewPasswordDialog token={resetLink.token} user={resetLink.user} onClose={onResetDone} />}
    </>
  );
}
