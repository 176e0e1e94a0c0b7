import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import type { User } from '../api/types';
import { bootstrapSession, type SessionApi } from './sessionBootstrap';

const ana: User = { id: 1, name: 'Ana', email: 'ana@x', attributes: {} };

const api = (overrides: Partial<SessionApi> = {}): SessionApi => ({
  fetchSession: vi.fn(async () => ana),
  openSessionByToken: vi.fn(async () => ana),
  resumeSession: vi.fn(async () => ana),
  ...overrides,
});

describe('bootstrapSession', () => {
  it('uses the existing session', async () => {
    const calls = api();
    expect(await bootstrapSession('http://h/settings/users', calls)).toEqual({ user: ana });
    expect(calls.openSessionByToken).not.toHaveBeenCalled();
  });

  it('answers no user when there is no session or it cannot be read', async () => {
    expect(await bootstrapSession('http://h/', api({ fetchSession: async () => null }))).toEqual({
      user: null,
    });
    const failing = api({ fetchSession: async () => Promise.reject(new ApiError(500, 'Error', '')) });
    expect(await bootstrapSession('http://h/', failing)).toEqual({ user: null });
  });

  it('reports the server out of reach when the request itself fails', async () => {
    const unreachable = api({ fetchSession: async () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await bootstrapSession('http://h/', unreachable)).toEqual({ user: null, offline: true });
  });

  it('opens a session by token and removes the token from the address', async () => {
    const calls = api();
    const result = await bootstrapSession('http://h/replay?token=abc&x=1#top', calls);
    expect(calls.openSessionByToken).toHaveBeenCalledWith('abc');
    expect(calls.fetchSession).not.toHaveBeenCalled();
    expect(result).toEqual({ user: ana, replaceUrl: '/replay?x=1#top' });
  });

  it('goes to /login when the token is refused', async () => {
    const calls = api({ openSessionByToken: async () => Promise.reject(new Error('401')) });
    expect(await bootstrapSession('http://h/?token=bad', calls)).toEqual({
      user: null,
      replaceUrl: '/login',
    });
  });

  it('adopts a session parameter and goes to /', async () => {
    const calls = api();
    expect(await bootstrapSession('http://h/report/trips?session=S1', calls)).toEqual({
      user: ana,
      replaceUrl: '/',
    });
    expect(calls.resumeSession).toHaveBeenCalledWith('S1');
    const refused = api({ resumeSession: async () => Promise.reject(new Error('404')) });
    expect(await bootstrapSession('http://h/?session=S1', refused)).toEqual({
      user: null,
      replaceUrl: '/login',
    });
  });
});
