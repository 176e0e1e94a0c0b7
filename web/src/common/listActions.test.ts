import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import { listActions, mayWrite, rowActions } from './listActions';

const user = (extra: Partial<User> = {}): User => ({
  id: 1,
  name: 'A',
  email: 'a@x.ao',
  attributes: {},
  ...extra,
});
const rules = {
  editPath: '/settings/group',
  canAdd: true,
  canEdit: true,
  canRemove: true,
  hasRemove: true,
};
const nothing = { add: false, edit: false, remove: false };

describe('list row actions (document 1 §6)', () => {
  it('offers add, edit and remove to users who may write, as the screen allows', () => {
    expect(listActions(user(), rules)).toEqual({ add: true, edit: true, remove: true });
    expect(listActions(user(), { ...rules, canRemove: false })).toMatchObject({ edit: true, remove: false });
    // the vehicles list: edit only (document 1 §6, Settings lists)
    expect(listActions(user(), { ...rules, canAdd: false, canRemove: false })).toEqual({
      add: false,
      edit: true,
      remove: false,
    });
    // zones: removal allowed, adding denied
    expect(listActions(user(), { ...rules, canAdd: false })).toMatchObject({ add: false, remove: true });
    expect(listActions(user(), { ...rules, editPath: undefined })).toEqual({
      add: false,
      edit: false,
      remove: true,
    });
  });
  it('offers read-only and temporary users no add, edit or remove', () => {
    expect(listActions(user({ readonly: true }), rules)).toEqual(nothing);
    expect(listActions(user({ readonly: true, userLimit: 100 }), rules)).toEqual(nothing);
    expect(listActions(user({ email: 'temp_x@y' }), rules)).toEqual(nothing);
    expect(listActions(null, rules)).toEqual(nothing);
    expect([user(), user({ readonly: true }), user({ email: 'TEMP_x@y' }), null].map(mayWrite)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
  it('gives an inactive row no menu', () => {
    const offered = listActions(user(), rules);
    expect(rowActions(offered, false)).toEqual({ edit: false, remove: false });
    expect(rowActions(offered, true)).toEqual({ edit: true, remove: true });
  });
});
