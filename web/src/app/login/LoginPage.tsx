import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { Box, Button, ButtonBase, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/session';
import { loginErrorKey } from './loginErrors';
import { readResetLink } from './resetLink';
import { prepareLanguage, toLanguage } from '../i18n';
import { replaceLocation, useBrowserLocation } from '../browserLocation';
import { useSession } from '../../session/sessionContext';
import { useLoginInfo } from './useLoginInfo';
import { LoginField } from './LoginField';
import { BACKGROUNDS, nextBackground, randomBackground } from './backgrounds';
import { Logo } from './Logo';
import type { LoginDialog } from './LoginDialogs';
import { prefetchAfterLogin } from './prefetch';

// Dialogs (and the QR code library) load when one is first opened, keeping the login page light.
const loadDialogs = () => import('./LoginDialogs');
const LoginDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.LoginDialogs })));

/** /login (document 1 §2, §4, §8). */
export function LoginPage() {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const location = useBrowserLocation();
  const { title, details, version } = useLoginInfo();
  const [background, setBackground] = useState(randomBackground);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<LoginDialog>(null);
  // Once loaded the dialogs stay mounted, so they close with their transition.
  const [dialogsShown, setDialogsShown] = useState(false);
  const resetLink = useMemo(() => readResetLink(location.search), [location.search]);
  const from = location.state?.from;

  if (!dialogsShown && (error !== null || dialog !== null || resetLink)) setDialogsShown(true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    void loadDialogs().catch(() => undefined);
    try {
      const loggedIn = await login(email.trim(), password);
      // The first screen shows in the user's language at once, not after a flash of Portuguese.
      await prepareLanguage(toLanguage(loggedIn.attributes?.language)).catch(() => undefined);
      // Silently: the login page must not see the new address while still logged out.
      replaceLocation(from && from !== '/login' ? from : '/', null, { notify: false });
      setUser(loggedIn);
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
            <ButtonBase
              onClick={() => setBackground(nextBackground)}
              data-testid="login-logo"
              sx={{ borderRadius: '50%' }}
              aria-label={t('changeBackground')}
              title={t('changeBackground')}
            >
              <Logo size={72} />
            </ButtonBase>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              {title || 'Frota'}
            </Typography>
          </Stack>
          <LoginField
            id="login-email"
            label={t('email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(value) => {
              setEmail(value);
              prefetchAfterLogin(from);
            }}
            autoFocus
          />
          <LoginField
            id="login-password"
            label={t('password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              prefetchAfterLogin(from);
            }}
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
              <IconButton
                onClick={() => setDialog('qr')}
                data-testid="login-qr"
                aria-label={t('mobileAccess')}
                title={t('mobileAccess')}
              >
                <QrCodeIcon />
              </IconButton>
              <IconButton
                onClick={() => setDialog('contacts')}
                data-testid="login-contacts"
                aria-label={t('contacts')}
                title={t('contacts')}
              >
                <ContactPhoneIcon />
              </IconButton>
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
      {dialogsShown && (
        <Suspense fallback={null}>
          <LoginDialogs
            error={error}
            onErrorClose={() => setError(null)}
            dialog={dialog}
            onDialogClose={() => setDialog(null)}
            email={email}
            details={details}
            resetLink={resetLink}
            onResetDone={() => replaceLocation('/login')}
          />
        </Suspense>
      )}
    </Box>
  );
}
