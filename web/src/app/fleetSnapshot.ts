/**
 * The last session's user and fleet, kept in this browser so that a repeat visit draws the shell and the
 * map at once, from what was on screen last time, while the session is checked and the lists refetched.
 * Never trusted for access (the server decides; a refused session goes to the login page) and forgotten at
 * logout, at a lost session and when it is older than a week.
 */
import type { User } from '../api/types';

const KEY = 'frota.snapshot';
const VERSION = 1;
/** Lists bigger than this (characters) are not kept: storage is small and writing it blocks the page. */
export const SNAPSHOT_MAX_CHARS = 2_000_000;
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** The reference lists a repeat visit starts from (the query keys of api/queries). */
export const SNAPSHOT_LISTS = ['devices', 'positions', 'groups', 'geofences', 'server'] as const;
export type SnapshotList = (typeof SNAPSHOT_LISTS)[number];

export interface FleetSnapshot {
  v: number;
  savedAt: number;
  user: User;
  lists: Partial<Record<SnapshotList, unknown>>;
}

/** The user as kept: without the token or a password, which never leave the server's answers otherwise. */
const keptUser = (user: User): User => {
  const { token: _token, password: _password, ...rest } = user;
  return rest;
};

export function saveSnapshot(
  user: User,
  lists: Partial<Record<SnapshotList, unknown>>,
  storage: Storage = localStorage,
  now = Date.now(),
): void {
  const present = Object.fromEntries(Object.entries(lists).filter(([, value]) => value !== undefined));
  let text = JSON.stringify({ v: VERSION, savedAt: now, user: keptUser(user), lists: present });
  if (text.length > SNAPSHOT_MAX_CHARS)
    text = JSON.stringify({ v: VERSION, savedAt: now, user: keptUser(user), lists: {} });
  try {
    storage.setItem(KEY, text);
  } catch {
    // Storage full or unavailable: the next visit waits for the network, as without a snapshot.
    clearSnapshot(storage);
  }
}

export function readSnapshot(storage: Storage = localStorage, now = Date.now()): FleetSnapshot | null {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? 'null') as FleetSnapshot | null;
    if (
      !parsed ||
      parsed.v !== VERSION ||
      typeof parsed.user?.id !== 'number' ||
      !(now - parsed.savedAt < SNAPSHOT_MAX_AGE_MS)
    )
      return null;
    return { ...parsed, lists: parsed.lists ?? {} };
  } catch {
    return null;
  }
}

export function clearSnapshot(storage: Storage = localStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
