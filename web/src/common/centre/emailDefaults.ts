/** A plausible e-mail address (the server has the final word, with its own messages). */
export const looksLikeEmail = (text: string | null | undefined): boolean =>
  !!text && /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(text.trim());

/** The CC of a shared event defaults to the user's own e-mail when it is a valid one (document 2 §5). */
export const defaultCc = (userEmail: string | null | undefined): string =>
  looksLikeEmail(userEmail) ? userEmail!.trim() : '';
