/** Reading IO element bytes as numbers. IO values are big-endian, 1 to 8 bytes. */

export function unsignedOf(raw: Buffer): number {
  if (raw.length === 0) return 0;
  if (raw.length <= 6) return raw.readUIntBE(0, raw.length);
  return Number(bigUnsignedOf(raw));
}

export function signedOf(raw: Buffer): number {
  if (raw.length === 0) return 0;
  if (raw.length <= 6) return raw.readIntBE(0, raw.length);
  if (raw.length === 8) return Number(raw.readBigInt64BE(0));
  return Number(BigInt.asIntN(raw.length * 8, bigUnsignedOf(raw)));
}

export function bigUnsignedOf(raw: Buffer): bigint {
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
  const value = bigUnsignedOf(raw);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}
