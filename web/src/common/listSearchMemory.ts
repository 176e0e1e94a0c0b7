/**
 * The search text of a list, kept for the browser tab's session (sessionStorage) under the list's own key,
 * so a list opened again shows what was being searched for. Storage may be refused (private windows,
 * quotas): the search then lives only as long as the screen.
 */
const PREFIX = 'frota.listSearch.';

export function readListSearch(key: string | undefined): string {
  if (!key) return '';
  try {
    return sessionStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

export function writeListSearch(key: string | undefined, text: string): void {
  if (!key) return;
  try {
    if (text) sessionStorage.setItem(PREFIX + key, text);
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Not kept; the search still applies now.
  }
}
