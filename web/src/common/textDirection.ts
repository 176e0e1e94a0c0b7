/** Right-to-left letters (Hebrew, Arabic and their presentation forms). */
const RTL_LETTERS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * The direction of a shown value: one without right-to-left letters (a date, an amount with its currency, a
 * plate, an address in Latin letters) reads left to right on an Arabic page too; others by their first letter.
 */
export const textDirection = (text: string): 'ltr' | 'auto' => (RTL_LETTERS.test(text) ? 'auto' : 'ltr');
