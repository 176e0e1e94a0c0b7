import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { BACKGROUND_COUNT, nextBackground, randomBackground } from './backgrounds';
import { loginErrorKey } from './loginErrors';
import { decodeBase64Url, readResetLink } from './resetLink';

describe('loginErrorKey', () => {
  it('maps 400, 401 and anything else', () => {
    expect(loginErrorKey(new ApiError(400, 'Bad Request', 'disabled'))).toBe('loginBlocked');
    expect(loginErrorKey(new ApiError(401, 'Unauthorized', ''))).toBe('loginInvalid');
    expect(loginErrorKey(new ApiError(500, 'Internal Server Error', ''))).toBe('loginFailed');
    expect(loginErrorKey(new TypeError('Failed to fetch'))).toBe('loginFailed');
  });
});

describe('reset link', () => {
  const encode = (text: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(text)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');

  it('decodes base64url UTF-8 without padding', () => {
    expect(decodeBase64Url(encode('joão@frota.ao'))).toBe('joão@frota.ao');
    expect(decodeBase64Url(encode('a>b?c@d'))).toBe('a>b?c@d');
    expect(decodeBase64Url('%%%')).toBeNull();
  });

  it('needs both the token and the user', () => {
    expect(readResetLink(`?reset=T1&user=${encode('ana@x.ao')}`)).toEqual({ token: 'T1', user: 'ana@x.ao' });
    expect(readResetLink('?reset=T1')).toBeNull();
    expect(readResetLink(`?user=${encode('ana@x.ao')}`)).toBeNull();
  });
});

describe('backgrounds', () => {
  it('has nine, numbered 1 to 9, cycling', () => {
    expect(BACKGROUND_COUNT).toBe(9);
    expect(nextBackground(1)).toBe(2);
    expect(nextBackground(9)).toBe(1);
    for (let i = 0; i < 50; i++) {
      const n = randomBackground();
      expect(n >= 1 && n <= 9 && Number.isInteger(n)).toBe(true);
    }
  });
});
