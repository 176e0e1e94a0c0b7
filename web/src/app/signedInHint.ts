/**
 * Whether this browser was logged in when last used: then, on the next visit, the shell, the screen's area
 * and the reference data start loading while the session is still being checked (a guess, never trusted
 * for access: the server decides, and a wrong guess only costs the fetches).
 */
const KEY = 'frota.signedIn';

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: every visit waits for the session first.
  }
}
