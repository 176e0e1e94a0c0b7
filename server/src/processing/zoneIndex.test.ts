import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, insertDevice } from '../../test/harness';
import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ZoneIndex } from './zoneIndex';

const square = (lat: number, lon: number) =>
  `POLYGON((${lat} ${lon}, ${lat} ${lon + 0.01}, ${lat + 0.01} ${lon + 0.01}, ${lat + 0.01} ${lon}, ${lat} ${lon}))`;

describe('zone index: the zones that apply to a vehicle', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const ids = { device: 0, zoneOwn: 0, zoneParent: 0, zoneOther: 0, parent: 0, child: 0, other: 0 };

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase('sqlite'));
    await migrateToLatest(db);
    const k = db.kysely;
    const group = async (name: string, groupId: number | null) =>
      Number(
        (
          await k
            .insertInto('groups')
            .values({ name, groupId, attributes: '{}' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const zone = async (name: string, lat: number) =>
      Number(
        (
          await k
            .insertInto('geofences')
            .values({ name, description: null, area: square(lat, 13.2), attributes: '{}' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    ids.parent = await group('Luanda', null);
    ids.child = await group('Viana', ids.parent);
    ids.other = await group('Benguela', null);
    ids.device = await insertDevice(db, 'Camião 1', 'zone-index-1');
    ids.zoneOwn = await zone('Armazém', -8.8);
    ids.zoneParent = await zone('Porto', -8.8);
    ids.zoneOther = await zone('Lobito', -8.8);
    await k.insertInto('deviceGeofence').values({ deviceId: ids.device, geofenceId: ids.zoneOwn }).execute();
    await k.insertInto('groupGeofence').values({ groupId: ids.parent, geofenceId: ids.zoneParent }).execute();
    await k.insertInto('groupGeofence').values({ groupId: ids.other, geofenceId: ids.zoneOther }).execute();
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it("holds the vehicle's own zones and its group's and parents', worked out once per vehicle", async () => {
    const index = await ZoneIndex.load(db);
    const inChild = index.zonesFor(ids.device, ids.child);
    expect([...inChild].sort()).toEqual([ids.zoneOwn, ids.zoneParent].sort());
    // the next record of the vehicle gets the same answer without building it again
    expect(index.zonesFor(ids.device, ids.child)).toBe(inChild);
    const point = { latitude: -8.795, longitude: 13.205 };
    expect(index.inside(point, inChild)).toEqual([ids.zoneOwn, ids.zoneParent].sort((a, b) => a - b));
  });

  it('answers for the group the vehicle is in now when it moved to another', async () => {
    const index = await ZoneIndex.load(db);
    index.zonesFor(ids.device, ids.child);
    const moved = index.zonesFor(ids.device, ids.other);
    expect([...moved].sort()).toEqual([ids.zoneOwn, ids.zoneOther].sort());
    expect([...index.zonesFor(ids.device, null)]).toEqual([ids.zoneOwn]);
  });
});
