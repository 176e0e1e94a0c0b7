/** How far back a user may read positions: temporary users only inside the window their link allows. */
import { hasPermission } from '@frota/core';
import { forbidden } from '../errors';
import { fromIso } from '../db/mapping';
import type { Scope } from './policy';

/** The history window a user may read: temporary users only inside allowHistoryFrom..allowHistoryTo. */
export function historyWindow(scope: Scope, from: number, to: number): [number, number] {
  if (scope.temporary) {
    if (!scope.user.attributes.allowHistory) throw forbidden('History not allowed');
    const lo = fromIso(scope.user.attributes.allowHistoryFrom as string) ?? from;
    const hi = fromIso(scope.user.attributes.allowHistoryTo as string) ?? to;
    return [Math.max(from, lo), Math.min(to, hi)];
  }
  if (!hasPermission(scope.user, 'map.history')) throw forbidden('Missing permission map.history');
  return [from, to];
}
