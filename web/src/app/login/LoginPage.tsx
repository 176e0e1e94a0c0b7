import { useMemo, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  ButtonBase,
  IconButton,
  Link,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useClientDetails } from '../../api/queries';
import { login } from '../../api/session';
import { MessageDialog } from '../../common/MessageDialog';
import { ContactDialog } from '../ContactDialog';
import { loginErrorKey } from './loginErrors';
import { readResetLink } from './resetLink';
import { useSession } from '../sessionContext';
import { useVersionCheck } from '../versionCheck';
import { BACKGROUNDS, nextBackground, randomBackground } from './backgrounds';
import { Logo } from './Logo';
import { NewPasswordDialog } from './NewPasswordDialog';
import { QrDialog } from './QrDialog';
import { RecoverPasswordDialog } from './RecoverPasswordDialog';

type LoginDialog = 'recover' | 'qr' | 'contacts' | null;

/** /login (document 1 §2, §4, §8). */
export function LoginPage() {
  const { t } = useTranslation();
  const { user, setUser } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const details = useClientDetails();
  const { version } = useVersionCheck();
  const [background, setBackground] = useState(randomBackground);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<LoginDialog>(null);
  const resetLink = useMemo(() => readResetLink(location.search), [location.search]);
  const from = (location.state as { from?: string } | null)?.from;

  if (user && !resetLink) return <Navigate to={from ?? '/'} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const loggedIn = await login(email.trim(), password);
      setUser(loggedIn);
      void navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch (e) {
      setPassword('');
      setError(t(loginErrorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      data-testid="login-page"
      data-background={background}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: BACKGROUNDS[background - 1],
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 380, p: 4, bgcolor: 'rgba(255,255,255,0.94)' }}>
        <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <Tooltip title={t('changeBackground')}>
              <ButtonBase
                onClick={() => setBackground(nextBackground)}
                data-testid="login-logo"
                sx={{ borderRadius: '50%' }}
                aria-label={t('changeBackground')}
              >
                <Logo size={72} />
              </ButtonBase>
            </Tooltip>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              {details.data?.title || 'Frota'}
            </Typography>
          </Stack>
          <TextField
            label={t('email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
          />
          <TextField
            label={t('password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || !email || !password}
            data-testid="login-submit"
          >
            {t('login')}
          </Button>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Link
              component="button"
              type="button"
              onClick={() => setDialog('recover')}
              data-testid="login-recover"
            >
              {t('recoverPassword')}
            </Link>
            <Box>
              <Tooltip title={t('mobileAccess')}>
                <IconButton
                  onClick={() => setDialog('qr')}
                  data-testid="login-qr"
                  aria-label={t('mobileAccess')}
                >
                  <QrCodeIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('contacts')}>
                <IconButton
                  onClick={() => setDialog('contacts')}
                  data-testid="login-contacts"
                  aria-label={t('contacts')}
                >
                  <ContactPhoneIcon />
                </IconButton>
              </Tooltip>
            </Box>
          </Stack>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center', cursor: 'pointer' }}
            onClick={() => window.location.reload()}
            data-testid="login-version"
            title={t('reload')}
          >
            {version ? `${t('version')} ${version}` : ' '}
          </Typography>
        </Stack>
      </Paper>
      <MessageDialog
        open={error !== null}
        title={t('loginErrorTitle')}
        message={error ?? ''}
        onClose={() => setError(null)}
        error
      />
      <RecoverPasswordDialog
        open={dialog === 'recover'}
        onClose={() => setDialog(null)}
        initialEmail={email}
      />
      <QrDialog
        open={dialog === 'qr'}
        onClose={() => setDialog(null)}
        address={`${window.location.origin}/`}
      />
      <ContactDialog open={dialog === 'contacts'} onClose={() => setDialog(null)} />
      {resetLink && (
        <NewPasswordDialog
          token={resetLink.token}
          user={resetLink.user}
          onClose={() => void navigate('/login', { replace: true })}
        />
      )}
    </Box>
  );
}
