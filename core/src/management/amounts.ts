/** Numbers typed in management forms: decimal commas accepted (document 3 §5). */

/**
 * A number from a form value: numbers as they are; strings trimmed, with a decimal comma converted to a
 * point (`"12,5"`, and `"1.234,56"` in pt-PT with thousand points). Empty → null; not a number → NaN.
 */
export function parseAmount(value: unknown): number | null {
  if (value == null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value !== 'string') return NaN;
  let text = value.trim().replace(/\s+/g, '');
  if (!text) return null;
  if (text.includes(',')) text = text.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return NaN;
  return Number(text);
}

/** 0/1 from the flags forms send (0, 1, true, false, "0", "1", "true", "on"). */
export function parseFlag(value: unknown): 0 | 1 {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on' ? 1 : 0;
}
