import { checkTrailingCrc } from './crc';
import { hasCrc } from './packet';

export type LoginResult =
  | { ok: true; version: string; uniqueId: string; password?: string }
  | { ok: false; error: 'checksum' | 'structure' };

const ID = /^[\x21-\x7e]{1,64}$/;
const VERSION = /^\d+\.\d+$/;

/**
 * A login message: `2.0;id;password;crc16` (version 2.0) or `id;password` (version 1.1, no CRC). A
 * password of `NA` (or none) is absent.
 */
export function decodeLogin(body: Buffer): LoginResult {
  const text = body.toString('latin1');
  const first = text.split(';')[0];
  if (!first.includes('.')) {
    const [uniqueId, password, ...rest] = text.split(';');
    if (rest.length > 0 || !ID.test(uniqueId)) return { ok: false, error: 'structure' };
    return { ok: true, version: '1.1', uniqueId, password: presentPassword(password) };
  }
  if (!VERSION.test(first)) return { ok: false, error: 'structure' };
  let fields: string[];
  if (hasCrc(first)) {
    const checked = checkTrailingCrc(body, ';');
    if (!checked?.ok) return { ok: false, error: 'checksum' };
    fields = checked.content.toString('latin1').slice(0, -1).split(';');
  } else {
    fields = text.split(';');
  }
  if (fields.length < 2 || fields.length > 3 || !ID.test(fields[1])) return { ok: false, error: 'structure' };
  return { ok: true, version: first, uniqueId: fields[1], password: presentPassword(fields[2]) };
}

const presentPassword = (password: string | undefined): string | undefined =>
  password === undefined || password === '' || password === 'NA' ? undefined : password;
