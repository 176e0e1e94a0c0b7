/**
 * E-mail addresses and e-mail lists (document 1 §5): alert notifications' emailTo and emailCc and a driver's
 * e-mail. Shared by the web forms and the API, so both refuse the same address with the same text.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The web client's message (verifySchedulerInvalidEmail), verbatim; the address follows after a space. */
export const INVALID_EMAIL_MESSAGE = 'Endereço de e-mail inválido:';

export const invalidEmailMessage = (address: string): string => `${INVALID_EMAIL_MESSAGE} ${address}`;

/** One address that looks like {name}@{domain}.{tld}, surrounding blanks ignored. */
export const isValidEmail = (text: string | null | undefined): boolean => !!text && EMAIL.test(text.trim());

/**
 * Separators (space, tab, newline, semicolon, comma) become single commas and blanks go. Answers the
 * normalised list ('' when there is no address) and the first address that is not valid, or null.
 */
export function normaliseEmailList(text: unknown): { list: string; invalid: string | null } {
  const items = String(text ?? '')
    .split(/[\s;,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return { list: items.join(','), invalid: items.find((item) => !isValidEmail(item)) ?? null };
}

export const EMAIL_LIST_KEYS = ['emailTo', 'emailCc'] as const;

/**
 * A notification's emailTo and emailCc as stored: with the mail notificator each list is normalised (and
 * removed when empty); without it both are removed, as nothing would be sent to them. `invalid` is the first
 * address that is not valid, checked only when mail is used.
 */
export function notificationEmailLists<T extends Record<string, unknown>>(
  attributes: T,
  mail: boolean,
): { attributes: T; invalid: string | null } {
  const result: Record<string, unknown> = { ...attributes };
  let invalid: string | null = null;
  for (const key of EMAIL_LIST_KEYS) {
    const { list, invalid: bad } = normaliseEmailList(result[key]);
    invalid ??= mail ? bad : null;
    if (mail && list) result[key] = list;
    else delete result[key];
  }
  return { attributes: result as T, invalid };
}
