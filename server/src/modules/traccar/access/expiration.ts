/** The expiry of an issued token: the asked time (or Traccar's 7 days), never after the user's own expiry. */
import type { User } from '../../../db/rows';
import { TOKEN_TTL_MS } from '../../../auth/accessTokens';
import { badRequest } from '../../../errors';

export function tokenExpiry(
  user: Pick<User, 'expirationTime'>,
  asked: string | undefined,
  limit: number | null = null,
  now = Date.now(),
): number {
  let expiresAt = asked ? Date.parse(asked) : now + TOKEN_TTL_MS;
  if (!Number.isFinite(expiresAt)) throw badRequest('expiration: invalid date');
  if (user.expirationTime) expiresAt = Math.min(expiresAt, Date.parse(user.expirationTime));
  if (limit !== null) expiresAt = Math.min(expiresAt, limit);
  if (expiresAt <= now) throw badRequest('expiration: must be in the future');
  return expiresAt;
}
