/** Decodes the base64url `user` parameter of a password-reset link (UTF-8 text); null when malformed. */
export function decodeBase64Url(value: string): string | null {
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The reset token and the user it is for, when the address carries both. */
export function readResetLink(search: string): { token: string; user: string } | null {
  const params = new URLSearchParams(search);
  const token = params.get('reset');
  const encoded = params.get('user');
  if (!token || !encoded) return null;
  const user = decodeBase64Url(encoded);
  return user === null ? null : { token, user };
}
