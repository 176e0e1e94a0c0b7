import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import {
  newUserDraft,
  profileFields,
  profileOf,
  profileOffered,
  USER_PROFILES,
  userBody,
  validateUser,
} from './userForm';
import { usersListRows } from './usersList';

const u = (id: number, name: string, email = `${name}@x.ao`): User => ({ id, name, email, attributes: {} });

describe('usersListRows', () => {
  it('leaves out temporary users and oneself and sorts by name ignoring case', () => {
    const rows = usersListRows(
      [u(1, 'zeca'), u(2, 'Ana'), u(3, 'link', 'temp_abc@x'), u(4, 'bruno'), u(5, 'Me')],
      5,
    );
    expect(rows.map((r) => r.id)).toEqual([2, 4, 1]);
  });
});

describe('user form', () => {
  it('starts a new user in pt, Africa/Luanda, with a 128-character token', () => {
    const draft = newUserDraft();
    expect(draft.attributes).toMatchObject({ language: 'pt', timezone: 'Africa/Luanda' });
    expect(draft.token).toMatch(/^[A-Za-z0-9]{128}$/);
  });
  it('requires a name', () => {
    expect(validateUser({ ...newUserDraft(), name: '  ' })).toBe('invalidName');
    expect(validateUser({ ...newUserDraft(), name: 'Ana' })).toBeNull();
  });
  it('sends the password only when typed and sets userLimit from settings.users', () => {
    const draft = { ...newUserDraft(), name: 'Ana', attributes: { permissions: ['settings.users'] } };
    expect(userBody(draft, '')).not.toHaveProperty('password');
    expect(userBody(draft, 's3cret').password).toBe('s3cret');
    expect(userBody(draft, '').userLimit).toBe(100);
    expect(userBody({ ...draft, attributes: {} }, '').userLimit).toBe(0);
    expect(userBody({ ...draft, administrator: true, userLimit: -1 }, '').userLimit).toBe(-1);
    expect(userBody({ ...draft, token: '' }, '').token).toHaveLength(128);
  });
  it('maps the four profiles to the switches and userLimit, and back', () => {
    for (const profile of USER_PROFILES) expect(profileOf(profileFields(profile))).toBe(profile);
    expect(profileFields('disabled')).toEqual({ disabled: true, readonly: false, userLimit: 0 });
    expect(profileFields('limited')).toEqual({ disabled: false, readonly: true, userLimit: 0 });
    expect(profileFields('operator')).toEqual({ disabled: false, readonly: false, userLimit: 0 });
    expect(profileFields('manager')).toEqual({ disabled: false, readonly: false, userLimit: 100 });
    // an account both disabled and read-only (set before profiles) reads as disabled
    expect(profileOf({ disabled: true, readonly: true, userLimit: 100 })).toBe('disabled');
    expect(profileOf({ disabled: false, readonly: false, userLimit: -1 })).toBe('manager');
  });
  it('keeps the manager profile on save, and settings.users always makes a manager', () => {
    const operator = { ...newUserDraft(), name: 'Rui', ...profileFields('operator') };
    expect(userBody({ ...operator, ...profileFields('manager') }, '').userLimit).toBe(100);
    expect(userBody(operator, '').userLimit).toBe(0);
    expect(userBody({ ...operator, attributes: { permissions: ['settings.users'] } }, '').userLimit).toBe(
      100,
    );
  });
  it('shows manager, and offers no operator, while settings.users makes one (what is shown is saved)', () => {
    const operator = { ...newUserDraft(), name: 'Rui', ...profileFields('operator') };
    for (const permissions of [['settings.users'], ['settings'], ['map.online', 'settings.users']]) {
      const granted = { ...operator, attributes: { permissions } };
      expect(profileOf(granted)).toBe('manager');
      expect(userBody(granted, '').userLimit).toBe(100);
      expect(USER_PROFILES.filter((p) => profileOffered(granted, p))).toEqual([
        'disabled',
        'limited',
        'manager',
      ]);
    }
    const others = { ...operator, attributes: { permissions: ['settings.devices', 'map.online'] } };
    expect(profileOf(others)).toBe('operator');
    expect(USER_PROFILES.filter((p) => profileOffered(others, p))).toEqual(USER_PROFILES);
    // disabled and limited win over the permission, and keep userLimit 100 for the users it manages
    for (const profile of ['disabled', 'limited'] as const) {
      const held = {
        ...operator,
        ...profileFields(profile),
        attributes: { permissions: ['settings.users'] },
      };
      expect(profileOf(held)).toBe(profile);
      expect(userBody(held, '')).toMatchObject({ ...profileFields(profile), userLimit: 100 });
    }
  });
});
