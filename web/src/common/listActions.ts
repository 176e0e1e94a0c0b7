/**
 * Which actions a list offers (document 1 §4, §6): read-only and temporary users add, edit and remove
 * nothing; a row the screen marks inactive (an inactive vehicle) has no row menu at all.
 *
 * Read-only users get no view action in its place: the list's columns are their view of the items, and the
 * forms exist to change them (a form opened by its address still refuses the save with the readOnlyUser
 * message, document 1 §5).
 */
import type { User } from '../api/types';
import { isTemporaryUser } from '../session/permissions';

export interface ListActionRules {
  editPath?: string;
  canAdd?: boolean;
  canEdit?: boolean;
  canRemove?: boolean;
  hasRemove: boolean;
}

export interface RowActions {
  edit: boolean;
  remove: boolean;
}

export interface ListActions extends RowActions {
  /** The add button (and the imports that add items). */
  add: boolean;
}

/** Whether the user may add, change or remove anything (document 1 §6). */
export const mayWrite = (user: User | null | undefined): boolean =>
  !!user && !user.readonly && !isTemporaryUser(user);

/** What the list offers at all, for this user. */
export function listActions(user: User | null | undefined, rules: ListActionRules): ListActions {
  const writable = mayWrite(user);
  return {
    add: writable && !!rules.editPath && !!rules.canAdd,
    edit: writable && !!rules.editPath && !!rules.canEdit,
    remove: writable && !!rules.canRemove && rules.hasRemove,
  };
}

/** What one row offers: nothing for an inactive row. */
export const rowActions = (offered: RowActions, active: boolean): RowActions =>
  active ? { edit: offered.edit, remove: offered.remove } : { edit: false, remove: false };
