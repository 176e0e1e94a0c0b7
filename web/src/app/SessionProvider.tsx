import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchSession, openSessionByToken, PRELOADED_SESSION, resumeSession } from '../api/session';
import type { User } from '../api/types';
import { DEFAULT_LANGUAGE, prepareLanguage, toLanguage } from './i18n';
import { storedLanguage } from './languageMemory';
import { LoadingPage } from './LoadingPage';
import { OfflinePage } from './OfflinePage';
import { bootstrapSession, type BootstrapResult } from './sessionBootstrap';
import { SessionContext } from '../session/sessionContext';
import { onSessionLost } from './sessionEvents';
import { loadShell } from './shellChunk';
import { clearSnapshot, readSnapshot } from './fleetSnapshot';
import { rememberSignedIn, wasSignedIn } from './signedInHint';

// The token and session parameters must be used once, even when effects run twice in development.
let started: Promise<BootstrapResult> | null = null;
const bootstrapOnce = () =>
  (started ??= bootstrapSession(window.location.href, {
    fetchSession: () => fetchSession(PRELOADED_SESSION),
    openSessionByToken,
    resumeSession,
  }));

/** The early reference data's code: loaded only once a session is (or is guessed to be) there. */
const earlyData = () => import('../api/referencePaths');

const primeReferenceData = (): void => {
  void earlyData()
    .then((module) => module.primeReferenceData())
    .catch(() => undefined);
};

const dropEarlyData = (): void => {
  void earlyData()
    .then((module) => module.dropEarlyData())
    .catch(() => undefined);
};

/**
 * On a visit to a screen by a browser that was logged in last time, starts the shell, the screen's area and
 * the reference data at once, beside the session check instead of after it.
 */
/** A visit to a screen (not the login page, no session or token to adopt) by a browser logged in last time. */
function isRepeatVisit(): boolean {
  const { pathname, search } = window.location;
  return wasSignedIn() && pathname !== '/login' && !/[?&](session|token)=/.test(search);
}

/** On a repeat visit, the last session's user (app/fleetSnapshot) to draw with while the session is checked. */
function provisionalUser(): User | null {
  return isRepeatVisit() ? (readSnapshot()?.user ?? null) : null;
}

function startLoggedInGuess(): boolean {
  const { pathname } = window.location;
  if (!isRepeatVisit()) return false;
  primeReferenceData();
  void loadShell()
    .then(({ prefetchArea }) => prefetchArea(pathname))
    .catch(() => undefined);
  return true;
}

/**
 * The session and the language it shows in, both ready before the first screen draws. The login page's
 * Portuguese texts are bundled: with nobody logged in, only another language is waited for.
 */
async function startSession(): Promise<BootstrapResult> {
  const guessed = storedLanguage();
  const guessedReady = prepareLanguage(guessed).catch(() => undefined);
  // The session's request first: the browser sends only a few requests at once to one server.
  const session = bootstrapOnce();
  const primed = startLoggedInGuess();
  const result = await session;
  if (result.offline) started = null;
  if (result.user) {
    rememberSignedIn(true);
    if (!primed) primeReferenceData();
    await prepareLanguage(toLanguage(result.user.attributes?.language)).catch(() => undefined);
  } else {
    if (primed) dropEarlyData();
    if (!result.offline) {
      rememberSignedIn(false);
      clearSnapshot();
    }
    if (guessed !== DEFAULT_LANGUAGE) await guessedReady;
  }
  return result;
}

type Phase = 'starting' | 'offline' | 'ready';

/** Resolves the session once at start (before the router reads the address), then holds the user. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [phase, setPhase] = useState<Phase>('starting');
  const [user, setUser] = useState<User | null>(null);

  const start = useCallback((isCancelled: () => boolean = () => false): void => {
    let settled = false;
    // A repeat visit draws at once with the last session's user and fleet; the check below confirms it,
    // replaces the user with the server's, or sends to the login page.
    const provisional = provisionalUser();
    if (provisional)
      void prepareLanguage(toLanguage(provisional.attributes?.language))
        .catch(() => undefined)
        .then(() => {
          if (isCancelled() || settled) return;
          setUser(provisional);
          setPhase('ready');
        });
    void startSession().then((result) => {
      settled = true;
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

  /** A login starts the reference data at once; a logout or a lost session forgets it. */
  const changeUser = useCallback(
    (next: User | null) => {
      if (next && !user) primeReferenceData();
      if (!next) {
        dropEarlyData();
        clearSnapshot();
      }
      rememberSignedIn(next !== null);
      setUser(next);
    },
    [user],
  );

  useEffect(() => onSessionLost(() => changeUser(null)), [changeUser]);

  const value = useMemo(() => ({ user, setUser: changeUser }), [user, changeUser]);
  const retry = useCallback(() => start(), [start]);

  if (phase === 'starting') return <LoadingPage fullHeight />;
  if (phase === 'offline') return <OfflinePage onRetry={retry} />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
