import { ApiError } from '../api/client';

const listeners = new Set<() => void>();

/** Called with every failed query: a 401 means the session ended on the server (expired, logged out elsewhere). */
export function reportQueryError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) listeners.forEach((listener) => listener());
}

export function onSessionLost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
