import { ApiError } from '../../api/client';

/** Document 1 §8: 400 blocked user, 401 bad credentials, anything else a login error (i18n keys). */
export function loginErrorKey(error: unknown): 'loginBlocked' | 'loginInvalid' | 'loginFailed' {
  if (error instanceof ApiError) {
    if (error.status === 400) return 'loginBlocked';
    if (error.status === 401) return 'loginInvalid';
  }
  return 'loginFailed';
}
