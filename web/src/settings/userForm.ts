import { MANAGER_USER_LIMIT, permissionList, userLimitFor } from '@frota/core';
import type { User } from '../api/types';
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
 *
 * Profile and permissions meet at the manager. settings.users makes a manager whatever the profile
 * (userLimit 100, document 1 §5, the rule core and the server share), so while it is granted the form shows
 * manager and does not offer operator: what the form shows is what is saved and what a reload shows.
 * Disabled and limited still win over it (they say whether the account may log in or change anything at
 * all); such an account keeps userLimit 100, so the users it manages stay its own. The manager profile
 * without settings.users is a manager without the users screen: it corrects km and hours.
 */
export const USER_PROFILES = ['disabled', 'limited', 'operator', 'manager'] as const;
export type UserProfile = (typeof USER_PROFILES)[number];

type ProfileSource = Pick<User, 'disabled' | 'readonly' | 'userLimit'> & Partial<Pick<User, 'attributes'>>;

/** Whether the permissions make a manager whatever the profile chosen (settings.users, document 1 §5). */
export const managerByPermission = (user: Partial<Pick<User, 'attributes'>>): boolean =>
  userLimitFor(permissionList(user)) !== 0;

/** The profile of a user as stored, or of the draft on the form (its permissions included). */
export function profileOf(user: ProfileSource): UserProfile {
  if (user.disabled) return 'disabled';
  if (user.readonly) return 'limited';
  return user.userLimit || managerByPermission(user) ? 'manager' : 'operator';
}

/** The profiles the form offers for this draft: not operator while the permissions make a manager. */
export const profileOffered = (user: Partial<Pick<User, 'attributes'>>, profile: UserProfile): boolean =>
  profile !== 'operator' || !managerByPermission(user);

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
    const manager = profileOf(user) === 'manager' || managerByPermission(user);
    body.userLimit = manager ? MANAGER_USER_LIMIT : 0;
  }
  if (password) body.password = password;
  return body;
}
