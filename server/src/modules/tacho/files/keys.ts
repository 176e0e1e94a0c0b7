/** How plates, VINs and card numbers are compared and stored. */

/** Letters and digits, upper case: `LD-11-22 aa` and `ld1122AA` are the same plate. */
export const plateKey = (text: unknown): string =>
  typeof text === 'string' || typeof text === 'number'
    ? String(text)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
    : '';

/** A card number as stored and compared: trimmed, upper case, no inner spaces. */
export const cardKey = (card: string | null | undefined): string =>
  (card ?? '').toUpperCase().replace(/\s+/g, '');
