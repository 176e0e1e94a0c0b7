import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import { listActions, rowActions } from './listActions';

const user = (extra: Partial<User> = {}): User => ({
  id: 1,
  name: 'A',
  email: 'a@x.ao',
  attributes: {},
  ...extra,
});
const rules = { editPath: '/settings/group', canEdit: true, canRemove: true, hasRemove: true };

describe('list row actions (document 1 §6)', () => {
  it('offers edit and remove to users who may write', () => {
    expect(listActions(user(), rules)).toEqual({ edit: true, remove: true });
    expect(listActions(user(), { ...rules, canRemove: false })).toEqual({ edit: true, remove: false });
    expect(listActions(user(), { ...rules, editPath: undefined })).toEqual({ edit: false, remove: true });
  });
  it('offers read-only and temporary users neither edit nor remove', () => {
    expect(listActions(user({ readonly: true }), rules)).toEqual({ edit: false, remove: false });
    expect(listActions(user({ email: 'temp_x@y' }), rules)).toEqual({ edit: false, remove: false });
    expect(listActions(null, rules)).toEqual({ edit: false, remove: false });
  });
  it('gives an inactive row no menu', () => {
    const offered = listActions(user(), rules);
    expect(rowActions(offered, false)).toEqual({ edit: false, remove: false });
    expect(rowActions(offered, true)).toEqual(offered);
  });
});
