import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchSession, openSessionByToken, resumeSession } from '../api/session';
import type { User } from '../api/types';
import { prepareLanguage, toLanguage } from './i18n';
import { storedLanguage } from './languageMemory';
import { LoadingPage } from './LoadingPage';
import { OfflinePage } from './OfflinePage';
import { bootstrapSession, type BootstrapResult } from './sessionBootstrap';
import { SessionContext } from './sessionContext';
import { onSessionLost } from './sessionEvents';

// The token and session parameters must be used once, even when effects run twice in development.
let started: Promise<BootstrapResult> | null = null;
const bootstrapOnce = () =>
  (started ??= bootstrapSession(window.location.href, { fetchSession, openSessionByToken, resumeSession }));

/** The session and the language it shows in, both ready before the first screen draws. */
async function startSession(): Promise<BootstrapResult> {
  const result = await bootstrapOnce();
  if (result.offline) started = null;
  const language = result.user ? toLanguage(result.user.attributes?.language) : storedLanguage();
  await prepareLanguage(language).catch(() => undefined);
  return result;
}

type Phase = 'starting' | 'offline' | 'ready';

/** Resolves the session once at start (before the router reads the address), then holds the user. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [phase, setPhase] = useState<Phase>('starting');
  const [user, setUser] = useState<User | null>(null);

  const start = useCallback((isCancelled: () => boolean = () => false): void => {
    void startSession().then((result) => {
      if (isCancelled()) return;
      if (result.offline) return setPhase('offline');
      if (result.replaceUrl) window.history.replaceState(null, '', result.replaceUrl);
      setUser(result.user);
      setPhase('ready');
    });
  }, []);

  useEffect(() => {
    let cancelled = false;
    start(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [start]);

  useEffect(() => onSessionLost(() => setUser(null)), []);

  const value = useMemo(() => ({ user, setUser }), [user]);
  const retry = useCallback(() => start(), [start]);

  if (phase === 'starting') return <LoadingPage fullHeight />;
  if (phase === 'offline') return <OfflinePage onRetry={retry} />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
