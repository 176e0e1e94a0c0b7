/** The phone rule of the alert form (document 1 §4); the e-mail rules are core's `emailList`. */

/** A phone SMS can go to: digits, optionally after a +. */
export const isNumericPhone = (phone: string | null | undefined): boolean =>
  !!phone && /^\+?\d+$/.test(phone.trim());
