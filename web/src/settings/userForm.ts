import type { User } from '../api/types';
import { hasPermission } from '../app/permissions';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { randomString, USER_TOKEN_LENGTH } from '../common/random';

export type UserDraft = Omit<User, 'id'> & { id?: number };

export const newUserDraft = (): UserDraft => ({
  name: '',
  email: '',
  phone: '',
  readonly: false,
  administrator: false,
  disabled: false,
  userLimit: 0,
  token: randomString(USER_TOKEN_LENGTH),
  attributes: { language: 'pt', timezone: DEFAULT_TIMEZONE, notification_sound: 'horn' },
});

/** The name is required (document 1 §5); answers the i18n key of the message or null. */
export const validateUser = (user: UserDraft): string | null => (user.name?.trim() ? null : 'invalidName');

/**
 * The body saved: the password only when one was typed, userLimit 100 with settings.users and 0 without
 * (administrators keep theirs), and a 128-character token when the user has none.
 */
export function userBody(user: UserDraft, password: string): UserDraft {
  const { password: _old, ...rest } = user;
  const body: UserDraft = { ...rest, token: user.token || randomString(USER_TOKEN_LENGTH) };
  if (!user.administrator) {
    body.userLimit = hasPermission({ ...user, id: user.id ?? 0 } as User, 'settings.users') ? 100 : 0;
  }
  if (password) body.password = password;
  return body;
}
