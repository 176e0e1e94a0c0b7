import { ApiError } from '../api/client';
import type { User } from '../api/types';

export interface SessionApi {
  fetchSession: () => Promise<User | null>;
  openSessionByToken: (token: string) => Promise<User>;
  resumeSession: (session: string) => Promise<User>;
}

export interface BootstrapResult {
  user: User | null;
  /** Address to replace the current one with before the router starts, when it must change. */
  replaceUrl?: string;
  /** The server could not be reached at all (no network): the offline page shows instead of the login. */
  offline?: true;
}

const withoutParam = (url: URL, name: string): string => {
  const params = new URLSearchParams(url.search);
  params.delete(name);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
};

/**
 * Document 1 §4: a `session` parameter adopts that session and goes to /; a `token` parameter ends the
 * current session and opens one by token (/login on failure); otherwise the existing session, if any.
 */
export async function bootstrapSession(href: string, api: SessionApi): Promise<BootstrapResult> {
  const url = new URL(href);
  const session = url.searchParams.get('session');
  if (session) {
    try {
      return { user: await api.resumeSession(session), replaceUrl: '/' };
    } catch {
      return { user: null, replaceUrl: '/login' };
    }
  }
  const token = url.searchParams.get('token');
  if (token) {
    try {
      return { user: await api.openSessionByToken(token), replaceUrl: withoutParam(url, 'token') };
    } catch {
      return { user: null, replaceUrl: '/login' };
    }
  }
  try {
    return { user: await api.fetchSession() };
  } catch (error) {
    return error instanceof ApiError ? { user: null } : { user: null, offline: true };
  }
}
