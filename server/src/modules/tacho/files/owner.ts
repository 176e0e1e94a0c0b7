/**
 * Whose tachograph data a file is (issue 33): the driver or vehicle it was linked to among the rows its
 * uploader sees, else its uploader. Schedules, staleness and card activity are kept per owner, so a file
 * bearing another client's card number or plate never counts for that client's driver or vehicle.
 */
import type { Db } from '../../../db/database';
import { visibleIds, type Scope } from '../../../auth/policy';
import type { FileLink } from './entityLink';

/** `driver:<id>`, else `device:<id>`, else `user:<uploader id>`. */
export function ownerKeyOf(link: FileLink, uploader: number): string {
  if (link.driverId !== null) return `driver:${link.driverId}`;
  if (link.deviceId !== null) return `device:${link.deviceId}`;
  return `user:${uploader}`;
}

/**
 * The owners whose data the scope sees: the drivers and vehicles it sees, and its users (the files they
 * uploaded that matched nothing). Undefined for administrators: every owner.
 */
export async function visibleOwnerKeys(db: Db, scope: Scope): Promise<string[] | undefined> {
  if (scope.admin) return undefined;
  const ids = async (kind: 'devices' | 'drivers') =>
    (await visibleIds(db, scope, kind)!.execute()).map((r) => Number(r.id));
  return [
    ...(await ids('drivers')).map((id) => `driver:${id}`),
    ...(await ids('devices')).map((id) => `device:${id}`),
    ...scope.userIds.map((id) => `user:${id}`),
  ];
}
