import { ApiError, getJson, postForm, request } from './client';
import type { User } from './types';

export const login = (email: string, password: string): Promise<User> =>
  postForm<User>('/api/session', { email, password });

/**
 * The address index.html preloads while the application's code downloads: only the start-up check asks
 * for it, so an answer it did not use (a token or session link opened the page) never reaches anyone else.
 */
export const PRELOADED_SESSION = '/api/session?boot=1';

/** The current session's user, or null when there is none (404). */
export async function fetchSession(path = '/api/session'): Promise<User | null> {
  try {
    return await getJson<User>(path);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
    throw error;
  }
}

/** Ends the current session and opens one by token (the server does both). */
export const openSessionByToken = (token: string): Promise<User> =>
  getJson<User>(`/api/session?token=${encodeURIComponent(token)}`);

/** Adopts an existing session id as this browser's cookie. */
export const resumeSession = (session: string): Promise<User> =>
  postForm<User>('/api/session/resume', { session });

export async function logout(): Promise<void> {
  await request('/api/session', { method: 'DELETE' });
}

export const fetchSessionCookie = (): Promise<{ name: string; value: string }> =>
  getJson<{ name: string; value: string }>('/api/session/cookie');

export async function requestPasswordReset(email: string): Promise<void> {
  await postForm('/api/password/reset', { email });
}

export async function updatePassword(token: string, password: string): Promise<void> {
  await postForm('/api/password/update', { token, password });
}
