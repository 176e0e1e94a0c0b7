import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import {
  clearSnapshot,
  readSnapshot,
  saveSnapshot,
  SNAPSHOT_MAX_AGE_MS,
  SNAPSHOT_MAX_CHARS,
} from './fleetSnapshot';
import { createQueryClient } from './queryClient';
import { queryKeys } from '../api/queries';

const user: User = {
  id: 7,
  name: 'Operadora',
  email: 'op@frota.local',
  token: 'secret-token',
  password: 'nunca',
  attributes: { language: 'pt' },
};

describe('the last session kept for a repeat visit', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the user without token or password, and the lists', () => {
    saveSnapshot(user, { devices: [{ id: 1, name: 'Camião 1' }], positions: [] }, localStorage, 1000);
    const snapshot = readSnapshot(localStorage, 2000);
    expect(snapshot?.user).toEqual({
      id: 7,
      name: 'Operadora',
      email: 'op@frota.local',
      attributes: { language: 'pt' },
    });
    expect(snapshot?.lists.devices).toEqual([{ id: 1, name: 'Camião 1' }]);
    expect(snapshot?.lists.positions).toEqual([]);
    expect(localStorage.getItem('frota.snapshot')).not.toContain('secret-token');
  });

  it('drops the lists, not the user, when they are too big to keep', () => {
    const big = 'x'.repeat(SNAPSHOT_MAX_CHARS);
    saveSnapshot(user, { devices: [{ id: 1, name: big }] }, localStorage, 1000);
    const snapshot = readSnapshot(localStorage, 1000);
    expect(snapshot?.user.id).toBe(7);
    expect(snapshot?.lists).toEqual({});
  });

  it('forgets a snapshot older than a week, and on clear', () => {
    saveSnapshot(user, { groups: [] }, localStorage, 0);
    expect(readSnapshot(localStorage, SNAPSHOT_MAX_AGE_MS - 1)?.user.id).toBe(7);
    expect(readSnapshot(localStorage, SNAPSHOT_MAX_AGE_MS)).toBeNull();
    clearSnapshot(localStorage);
    expect(readSnapshot(localStorage, 1)).toBeNull();
  });

  it('ignores unreadable or foreign content', () => {
    localStorage.setItem('frota.snapshot', '{not json');
    expect(readSnapshot()).toBeNull();
    localStorage.setItem('frota.snapshot', JSON.stringify({ v: 99, savedAt: Date.now(), user, lists: {} }));
    expect(readSnapshot()).toBeNull();
  });

  it('seeds the data cache with the lists, marked for a refetch', () => {
    const client = createQueryClient({ devices: [{ id: 1 }], positions: [{ id: 2 }] });
    expect(client.getQueryData(queryKeys.devices)).toEqual([{ id: 1 }]);
    expect(client.getQueryState(queryKeys.devices)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.positions)?.isInvalidated).toBe(true);
    expect(client.getQueryData(queryKeys.groups)).toBeUndefined();
  });
});
