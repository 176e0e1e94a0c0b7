import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { fetchSession, openSessionByToken, resumeSession } from '../api/session';
import type { User } from '../api/types';
import { bootstrapSession } from './sessionBootstrap';
import { SessionContext } from './sessionContext';
import { onSessionLost } from './sessionEvents';

// The token and session parameters must be used once, even when effects run twice in development.
let started: ReturnType<typeof bootstrapSession> | null = null;
const bootstrapOnce = () =>
  (started ??= bootstrapSession(window.location.href, { fetchSession, openSessionByToken, resumeSession }));

/** Resolves the session once at start (before the router reads the address), then holds the user. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const [user, setUser] = useState<User | null>(null);

  useEffect(() => {
    let cancelled = false;
    void bootstrapOnce().then((result) => {
      if (cancelled) return;
      if (result.replaceUrl) window.history.replaceState(null, '', result.replaceUrl);
      setUser(result.user);
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => onSessionLost(() => setUser(null)), []);

  const value = useMemo(() => ({ user, setUser }), [user]);

  if (!ready) {
    return (
      <Box sx={{ display: 'flex', height: '100vh', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress />
      </Box>
    );
  }
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
