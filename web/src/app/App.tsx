import { lazy, Suspense, useEffect, useMemo } from 'react';
import { fullPath, replaceLocation, useBrowserLocation } from './browserLocation';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { toLanguage } from './i18n';
import { rememberLanguage, storedLanguage } from './languageMemory';
import { LoadingPage } from './LoadingPage';
import { LoginPage } from './login/LoginPage';
import { readResetLink } from './login/resetLink';
import { SessionProvider } from './SessionProvider';
import { useSession } from '../session/sessionContext';
import { loadShell } from './shellChunk';
import { ThemeRoot } from './ThemeRoot';

// Everything behind the login (router, data queries, shell, areas) loads once someone is logged in.
const LoggedInApp = lazy(() => loadShell().then((m) => ({ default: m.LoggedInApp })));

/**
 * The login page (part of the first load) for anyone not logged in, and for a password-reset link even
 * when logged in; the logged-in application otherwise.
 */
function Screens() {
  const { user } = useSession();
  const location = useBrowserLocation();
  const resetLink = location.pathname === '/login' && readResetLink(location.search) !== null;

  useEffect(() => {
    if (!user && location.pathname !== '/login') replaceLocation('/login', { from: fullPath(location) });
  }, [user, location]);

  if (!user || resetLink) return <LoginPage />;
  return <LoggedInApp />;
}

/** The user's language, or the last one used on this browser before anyone logs in. */
function LanguageRoot() {
  const { user } = useSession();
  const language = useMemo(() => (user ? toLanguage(user.attributes?.language) : storedLanguage()), [user]);
  useEffect(() => {
    if (user) rememberLanguage(language);
  }, [user, language]);
  return (
    <ThemeRoot language={language}>
      <ChunkErrorBoundary>
        <Suspense fallback={<LoadingPage fullHeight />}>
          <Screens />
        </Suspense>
      </ChunkErrorBoundary>
    </ThemeRoot>
  );
}

export function App() {
  return (
    <SessionProvider>
      <LanguageRoot />
    </SessionProvider>
  );
}
