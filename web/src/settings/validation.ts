/** Rules shared by the settings forms (document 1 §5); the server checks the same and answers the same text. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (text: string | null | undefined): boolean => !!text && EMAIL.test(text.trim());

/** Separators (space, tab, newline, semicolon, comma) become commas; answers the list and the first bad address. */
export function normaliseEmailList(text: unknown): { list: string; invalid: string | null } {
  const items = String(text ?? '')
    .split(/[\s;,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return { list: items.join(','), invalid: items.find((item) => !isValidEmail(item)) ?? null };
}

/** A phone SMS can go to: digits, optionally after a +. */
export const isNumericPhone = (phone: string | null | undefined): boolean =>
  !!phone && /^\+?\d+$/.test(phone.trim());
