/**
 * Which row actions a list offers (document 1 §6): read-only and temporary users edit and remove nothing;
 * a row the screen marks inactive (an inactive vehicle) has no row menu at all.
 */
import type { User } from '../api/types';
import { isTemporaryUser } from '../app/permissions';

export interface ListActionRules {
  editPath?: string;
  canEdit?: boolean;
  canRemove?: boolean;
  hasRemove: boolean;
}

export interface RowActions {
  edit: boolean;
  remove: boolean;
}

/** What the list offers at all, for this user. */
export function listActions(user: User | null | undefined, rules: ListActionRules): RowActions {
  const writable = !!user && !user.readonly && !isTemporaryUser(user);
  return {
    edit: writable && !!rules.editPath && !!rules.canEdit,
    remove: writable && !!rules.canRemove && rules.hasRemove,
  };
}

/** What one row offers: nothing for an inactive row. */
export const rowActions = (offered: RowActions, active: boolean): RowActions =>
  active ? offered : { edit: false, remove: false };
