import { MANAGER_USER_LIMIT } from '@frota/core';
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

/**
 * The user profiles of document 1 §6: disabled (cannot log in), limited (cannot make changes), operator
 * (normal user) and manager (can manage users and set km). They stand for the switches canLogin (not
 * disabled) and canMakeChanges (not readonly), and userLimit (a manager's is 100).
 */
export const USER_PROFILES = ['disabled', 'limited', 'operator', 'manager'] as const;
export type UserProfile = (typeof USER_PROFILES)[number];

export function profileOf(user: Pick<User, 'disabled' | 'readonly' | 'userLimit'>): UserProfile {
  if (user.disabled) return 'disabled';
  if (user.readonly) return 'limited';
  return user.userLimit ? 'manager' : 'operator';
}

/** The switches and userLimit a profile sets. */
export function profileFields(profile: UserProfile): Pick<User, 'disabled' | 'readonly' | 'userLimit'> {
  return {
    disabled: profile === 'disabled',
    readonly: profile === 'limited',
    userLimit: profile === 'manager' ? MANAGER_USER_LIMIT : 0,
  };
}

/** The name is required (document 1 §5); answers the i18n key of the message or null. */
export const validateUser = (user: UserDraft): string | null => (user.name?.trim() ? null : 'invalidName');

/**
 * The body saved: the password only when one was typed, userLimit 100 for the manager profile or with
 * settings.users (which always makes a manager, document 1 §5) and 0 otherwise (administrators keep
 * theirs), and a 128-character token when the user has none.
 */
export function userBody(user: UserDraft, password: string): UserDraft {
  const { password: _old, ...rest } = user;
  const body: UserDraft = { ...rest, token: user.token || randomString(USER_TOKEN_LENGTH) };
  if (!user.administrator) {
    const manager =
      profileOf(user) === 'manager' || hasPermission({ ...user, id: user.id ?? 0 } as User, 'settings.users');
    body.userLimit = manager ? MANAGER_USER_LIMIT : 0;
  }
  if (password) body.password = password;
  return body;
}
