/**
 * The page address for the part of the app that runs before the router loads (the login page): read with
 * useSyncExternalStore, changed with replaceLocation. The router, once loaded, takes over the history.
 */
import { useSyncExternalStore } from 'react';

export interface BrowserLocation {
  pathname: string;
  search: string;
  /** `from`: where someone was going when sent to the login page. */
  state: { from?: string } | null;
}

const CHANGE = 'frota:location';

let current: BrowserLocation | null = null;

function read(): BrowserLocation {
  const { pathname, search } = window.location;
  const state = (window.history.state as { from?: string } | null) ?? null;
  if (!current || current.pathname !== pathname || current.search !== search || current.state !== state)
    current = { pathname, search, state };
  return current;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

export const useBrowserLocation = (): BrowserLocation => useSyncExternalStore(subscribe, read);

/** Replaces the address; `notify: false` when a state change that re-renders follows at once. */
export function replaceLocation(
  path: string,
  state: { from?: string } | null = null,
  { notify = true }: { notify?: boolean } = {},
): void {
  window.history.replaceState(state, '', path);
  if (notify) window.dispatchEvent(new Event(CHANGE));
}

export const fullPath = (location: BrowserLocation): string => `${location.pathname}${location.search}`;
