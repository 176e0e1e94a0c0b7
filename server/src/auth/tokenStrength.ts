/**
 * Whether a user's own token (GET /api/session?token=) is strong enough to be a credential (issue 33,
 * point 13): at least 32 characters of URL-safe text whose letters are varied enough to have come from a
 * random generator. The server generates 128 (users) or 40 (temporary links) random letters and digits,
 * and the web client the same; a token someone typed ("a", "TTTT…", a name padded with x) is refused.
 */
export const MIN_TOKEN_LENGTH = 32;
export const MAX_TOKEN_LENGTH = 256;
/**
 * Bits estimated from the token's own letter frequencies (Shannon entropy × length). 32 random letters and
 * digits give about 140 (never below 125 in 20,000 draws), 32 random hex digits about 110 (seldom below
 * 96); repeated or padded text stays below ("TTTT…" 0, a 13-digit number padded with x to 40 about 85).
 */
const MIN_ENTROPY_BITS = 96;
const URL_SAFE = /^[A-Za-z0-9._~-]+$/;

export const WEAK_TOKEN = `O token deve ter pelo menos ${MIN_TOKEN_LENGTH} caracteres aleatórios (token too short or not random)`;

export function estimatedBits(token: string): number {
  const counts = new Map<string, number>();
  for (const c of token) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / token.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * token.length;
}

export function isStrongToken(token: string | null | undefined): token is string {
  return (
    typeof token === 'string' &&
    token.length >= MIN_TOKEN_LENGTH &&
    token.length <= MAX_TOKEN_LENGTH &&
    URL_SAFE.test(token) &&
    estimatedBits(token) >= MIN_ENTROPY_BITS
  );
}
