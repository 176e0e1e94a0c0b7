import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import { newUserDraft, userBody, validateUser } from './userForm';
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
});
