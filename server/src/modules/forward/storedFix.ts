/**
 * Whether a forwarded position is already stored: a position of the same vehicle at the same fixTime (the
 * index positionsDeviceFix answers it). A command answer (a `result` attribute), which a tracker reports at
 * its last fix, is a duplicate only of a stored answer with the same result, as the pipeline's own filter
 * lets answers through at the last fix.
 */
import type { Db } from '../../db/database';
import { parseJson } from '../../db/mapping';
import type { DecodedPosition } from '../../protocols/types';

export async function isStored(db: Db, decoded: DecodedPosition): Promise<boolean> {
  const rows = await db.kysely
    .selectFrom('positions')
    .innerJoin('devices', 'devices.id', 'positions.deviceId')
    .select('positions.attributes')
    .where('devices.uniqueId', '=', decoded.uniqueId)
    .where('positions.fixTime', '=', decoded.fixTime.getTime())
    .execute();
  const result = decoded.attributes.result;
  if (result === undefined) return rows.length > 0;
  return rows.some((r) => parseJson(r.attributes).result === result);
}
