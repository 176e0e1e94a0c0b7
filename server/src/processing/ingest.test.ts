import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, insertDevice } from '../../test/harness';
import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { LiveHub } from '../live/hub';
import { Ingest } from './ingest';

describe('ingestion memory per device id', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase('sqlite');
    db = fresh.db;
    drop = fresh.drop;
    await migrateToLatest(db);
    await insertDevice(db, 'V1', '356307042441013');
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('remembers a bounded number of unknown ids, however many strangers connect', async () => {
    const ingest = new Ingest({ db, live: new LiveHub(db), maxUnknown: 100 });
    for (let i = 0; i < 1000; i++)
      expect(await ingest.isKnownDevice(`9${String(i).padStart(14, '0')}`)).toBe(false);
    expect(ingest.cacheSizes()).toEqual({ devices: 0, unknown: 100 });
    expect(await ingest.isKnownDevice('356307042441013')).toBe(true);
    expect(ingest.cacheSizes()).toEqual({ devices: 1, unknown: 100 });
  });

  it('refuses ids longer than a uniqueId without remembering them', async () => {
    const ingest = new Ingest({ db, live: new LiveHub(db) });
    expect(await ingest.isKnownDevice('x'.repeat(5000))).toBe(false);
    expect(ingest.cacheSizes()).toEqual({ devices: 0, unknown: 0 });
  });

  it('asks the database again once an unknown id has expired', async () => {
    let now = 1_000_000;
    const ingest = new Ingest({ db, live: new LiveHub(db), now: () => now });
    expect(await ingest.isKnownDevice('356307042449999')).toBe(false);
    await insertDevice(db, 'V2', '356307042449999');
    expect(await ingest.isKnownDevice('356307042449999')).toBe(false);
    now += 31_000;
    expect(await ingest.isKnownDevice('356307042449999')).toBe(true);
    expect(ingest.cacheSizes()).toEqual({ devices: 1, unknown: 0 });
  });
});
