/**
 * The reference data a logged-in screen needs first, fetched the moment a session is known (or, on a
 * visit that was logged in last time, while the session itself is being checked), so the lists arrive
 * while the shell's and the area's code load instead of after them. Each answer is handed once to the
 * query that asks for it; an answer nobody took within a short while is dropped.
 */
import { getJson } from './client';

const KEEP_MS = 20_000;

interface Early {
  answer: Promise<unknown>;
  at: number;
}

const early = new Map<string, Early>();

/** The reference lists by query key (the same paths the queries fetch). */
export type EarlyPaths = Record<string, () => string>;

export function primeEarlyData(
  paths: EarlyPaths,
  now = Date.now(),
  fetchPath: (path: string) => Promise<unknown> = getJson,
): void {
  early.clear();
  for (const [key, path] of Object.entries(paths)) {
    const answer = fetchPath(path());
    // Handled here too: an answer nobody takes must not be reported as an unhandled failure.
    answer.catch(() => undefined);
    early.set(key, { answer, at: now });
  }
}

/** Forgets every early answer (the session they were fetched for is gone). */
export function dropEarlyData(): void {
  early.clear();
}

/** The early answer for `key` if one is waiting and recent, else a fresh fetch. */
export function takeEarly<T>(key: string, fetch: () => Promise<T>, now = Date.now()): Promise<T> {
  const waiting = early.get(key);
  early.delete(key);
  if (waiting && now - waiting.at < KEEP_MS) return waiting.answer as Promise<T>;
  return fetch();
}
