import { useSyncExternalStore } from 'react';

const KEY = 'frota.beta';
const listeners = new Set<() => void>();

const read = (): boolean => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

/** Beta mode (Ctrl+Alt+B) makes beta menu entries reachable; it survives reloads. */
export function toggleBetaMode(): boolean {
  const next = !read();
  try {
    localStorage.setItem(KEY, next ? '1' : '0');
  } catch {
    // Private mode: the toggle lasts until the page closes.
  }
  listeners.forEach((listener) => listener());
  return next;
}

export function useBetaMode(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => false,
  );
}
