/** The camera media store and the place of a file (below the listener), on each database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, insertDevice, insertPosition } from '../../harness';
import { migrateToLatest } from '../../../src/db/migrate';
import type { Db } from '../../../src/db/database';
import {
  deleteCameraMedia,
  loadMediaContent,
  mediaFileName,
  saveCameraMedia,
} from '../../../src/modules/cameras/media/mediaStore';
import { nearestPosition, placeOf } from '../../../src/modules/cameras/media/positionLink';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

const position = (db: Db, deviceId: number, fixTime: number, address: string | null, latitude = -8.8) =>
  insertPosition(db, deviceId, fixTime, { latitude, longitude: 13.2, address });

describe.each(dialects())('camera media store on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.close();
    await fresh.drop();
  });

  it('names files by kind, camera and UTC capture time', () => {
    expect(mediaFileName('P', 'F', Date.UTC(2026, 0, 1, 12, 0, 0))).toBe('photo_F_20260101_120000.jpg');
    expect(mediaFileName('V', 'R', Date.UTC(2026, 11, 31, 23, 59, 58))).toBe('video_R_20261231_235958.mp4');
  });

  it('saves a photo with its bytes, serves them, deletes both', async () => {
    const deviceId = await insertDevice(db, 'CAM-1', '111000000000001');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const id = await saveCameraMedia(db, {
      deviceId,
      type: 'P',
      camera: 'R',
      time: T0,
      trigger: 8,
      content: jpeg,
    });
    const row = await db.kysely
      .selectFrom('cameraMedia')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'ready',
      mime: 'image/jpeg',
      fileName: 'photo_R_20260110_120000.jpg',
      trigger: 8,
    });
    expect(Number(row.size)).toBe(jpeg.length);
    expect(await loadMediaContent(db, id)).toEqual({ mime: 'image/jpeg', bytes: jpeg });
    await deleteCameraMedia(db, id);
    expect(await loadMediaContent(db, id)).toBeUndefined();
    const left = await db.kysely
      .selectFrom('cameraMediaContents')
      .select('mediaId')
      .where('mediaId', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps a raw video processing (nothing served yet) and loses media with its vehicle', async () => {
    const deviceId = await insertDevice(db, 'CAM-2', '111000000000002');
    const id = await saveCameraMedia(db, {
      deviceId,
      type: 'V',
      camera: 'F',
      time: T0,
      raw: Buffer.from([0, 0, 0, 1, 0x67]),
    });
    const row = await db.kysely
      .selectFrom('cameraMedia')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'processing', mime: 'video/mp4' });
    expect(Number(row.size)).toBe(0);
    expect(await loadMediaContent(db, id)).toBeUndefined();
    await db.kysely.deleteFrom('devices').where('id', '=', deviceId).execute();
    expect(await db.kysely.selectFrom('cameraMedia').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(
      await db.kysely.selectFrom('cameraMediaContents').select('mediaId').where('mediaId', '=', id).execute(),
    ).toEqual([]);
  });

  it('places a file at the nearest position within five minutes, else the camera coordinates, else nowhere', async () => {
    const deviceId = await insertDevice(db, 'CAM-3', '111000000000003');
    await position(db, deviceId, T0 - 10 * 60_000, 'far away', -9);
    const before = await position(db, deviceId, T0 - 100_000, 'Rua A, Luanda', -8.81);
    const after = await position(db, deviceId, T0 + 60_000, null, -8.82);
    expect((await nearestPosition(db, deviceId, T0))?.id).toBe(after);
    expect((await nearestPosition(db, deviceId, T0 - 90_000))?.id).toBe(before);
    const lookups: Array<[number, number]> = [];
    const lookup = async (lat: number, lon: number) => {
      lookups.push([lat, lon]);
      return 'Geocoded, Luanda';
    };
    expect(await placeOf(db, deviceId, T0, undefined, lookup)).toEqual({
      latitude: -8.82,
      longitude: 13.2,
      address: 'Geocoded, Luanda',
      positionId: after,
    });
    expect(await placeOf(db, deviceId, T0 - 100_000, undefined, lookup)).toMatchObject({
      address: 'Rua A, Luanda',
      positionId: before,
    });
    expect(lookups).toEqual([[-8.82, 13.2]]); // a stored address is not looked up again
    const later = T0 + 3600_000;
    expect(await placeOf(db, deviceId, later, { latitude: -8.5, longitude: 13.5 }, lookup)).toEqual({
      latitude: -8.5,
      longitude: 13.5,
      address: 'Geocoded, Luanda',
      positionId: null,
    });
    expect(await placeOf(db, deviceId, later, undefined)).toEqual({
      latitude: null,
      longitude: null,
      address: null,
      positionId: null,
    });
  });
});
