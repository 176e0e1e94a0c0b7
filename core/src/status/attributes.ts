/**
 * Attribute readers. Attributes arrive from devices, forms and imports, so the same flag can be `1`, `'1'`,
 * `true` or `'true'`; every rule reads them through these helpers so the coercion is decided once.
 */

/** A finite number, or a numeric string; anything else (booleans, blanks, NaN) is undefined. */
export function numberAttr(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** True for `true`, a non-zero number, or the strings 'true'/'on'/'yes' or a non-zero numeric string. */
export function boolAttr(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0;
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if (s === 'true' || s === 'on' || s === 'yes') return true;
    const n = numberAttr(s);
    return n !== undefined && n !== 0;
  }
  return false;
}

/** Epoch milliseconds from a Date, an ISO string, or epoch seconds/milliseconds (number or numeric string). */
export function timeAttr(value: unknown): number | undefined {
  if (value instanceof Date) {
    const t = value.getTime();
    return Number.isNaN(t) ? undefined : t;
  }
  const n = numberAttr(value);
  if (n !== undefined) {
    if (n <= 0) return undefined;
    // Below 1e11 a value can only be seconds: 1e11 ms is March 1973, 1e11 s is year 5138.
    return n < 1e11 ? n * 1000 : n;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}
