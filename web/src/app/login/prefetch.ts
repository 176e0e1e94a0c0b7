import { loadShell } from '../shellChunk';

let started = false;

/**
 * While the password is typed, fetches what the first screen after login needs (the shell, and the map
 * or the page the user was sent from), so it opens at once.
 */
export function prefetchAfterLogin(from: string | undefined): void {
  if (started) return;
  started = true;
  void loadShell()
    .then(({ prefetchArea }) => prefetchArea(from && from !== '/login' ? from : '/'))
    .catch(() => undefined);
}
