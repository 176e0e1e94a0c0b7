import { useEffect, useMemo, useState } from 'react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { BrowserRouter } from 'react-router';
import { AppRouter } from './AppRouter';
import { toLanguage } from './i18n';
import { rememberLanguage, storedLanguage } from './languageMemory';
import { reportQueryError } from './sessionEvents';
import { SessionProvider } from './SessionProvider';
import { useSession } from './sessionContext';
import { ThemeRoot } from './ThemeRoot';

/** The user's language, or the last one used on this browser before anyone logs in. */
function LanguageRoot() {
  const { user } = useSession();
  const language = useMemo(() => (user ? toLanguage(user.attributes?.language) : storedLanguage()), [user]);
  useEffect(() => {
    if (user) rememberLanguage(language);
  }, [user, language]);
  return (
    <ThemeRoot language={language}>
      <SnackbarProvider
        maxSnack={5}
        autoHideDuration={3000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <BrowserRouter>
          <AppRouter />
        </BrowserRouter>
      </SnackbarProvider>
    </ThemeRoot>
  );
}

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: reportQueryError }),
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LanguageRoot />
      </SessionProvider>
    </QueryClientProvider>
  );
}
