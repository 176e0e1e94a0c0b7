import type { User } from '../api/types';
import { isTemporaryUser } from '../session/permissions';
import { compareText } from '../common/listSearch';

/** Rows of /settings/users: no temporary users, not oneself, by name ignoring case. */
export function usersListRows(users: readonly User[] | undefined, currentUserId: number | undefined): User[] {
  return (users ?? [])
    .filter((user) => !isTemporaryUser(user) && user.id !== currentUserId)
    .sort((a, b) => compareText(a.name, b.name));
}
