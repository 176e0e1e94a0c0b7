/** Reading IO element bytes as numbers. IO values are big-endian, 1 to 8 bytes. */

const TWO_32 = 2 ** 32;
/** High words below this keep an 8-byte value within Number.MAX_SAFE_INTEGER. */
const SAFE_HIGH = 2 ** 21;

export function unsignedOf(raw: Buffer): number {
  if (raw.length === 0) return 0;
  if (raw.length <= 6) return raw.readUIntBE(0, raw.length);
  if (raw.length === 8) return raw.readUInt32BE(0) * TWO_32 + raw.readUInt32BE(4);
  return Number(bigUnsignedOf(raw));
}

export function signedOf(raw: Buffer): number {
  if (raw.length === 0) return 0;
  if (raw.length <= 6) return raw.readIntBE(0, raw.length);
  if (raw.length === 8) return Number(raw.readBigInt64BE(0));
  return Number(BigInt.asIntN(raw.length * 8, bigUnsignedOf(raw)));
}

export function bigUnsignedOf(raw: Buffer): bigint {
  if (raw.length === 8) return raw.readBigUInt64BE(0);
  let value = 0n;
  for (const byte of raw) value = (value << 8n) | BigInt(byte);
  return value;
}

/**
 * The value kept as `io{id}`: a number for fixed-size values, a decimal string for 8-byte values too
 * large for a JS number (so nothing is silently rounded), lowercase hex for variable-length elements.
 */
export function rawIoValue(raw: Buffer, variable = false): number | string {
  if (variable) return raw.toString('hex');
  if (raw.length <= 6) return raw.length ? raw.readUIntBE(0, raw.length) : 0;
  // 8-byte values (the usual case past 6 bytes) without a BigInt when they fit a number exactly
  if (raw.length === 8 && raw.readUInt32BE(0) < SAFE_HIGH)
    return raw.readUInt32BE(0) * TWO_32 + raw.readUInt32BE(4);
  const value = bigUnsignedOf(raw);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}
