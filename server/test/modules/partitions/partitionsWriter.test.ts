/**
 * The batch writer and the month partitions (PostgreSQL, processing/positionPartitions.ts): a batch of one
 * month goes straight into that month's partition, where none of the partitioned table's statement
 * triggers fires (nor fills a transition table); other batches go through `positions`; the tallies count
 * every row once either way; a partition gone since the writer read the list fails one batch, stored
 * nowhere, and the next is stored.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/database';
import { maintainPartitions } from '../../../src/modules/partitions/partitionJob';
import { BatchWriter, type WriteRequest } from '../../../src/processing/batchWriter';
import { POSITIONS, PositionPartitions } from '../../../src/processing/positionPartitions';
import { recordAt } from '../../positionRecords';
import { migratedWithVehicle, partitionOf, query, skipReason, tallyOf, utc } from './partitionsSupport';

const DAY_MS = 86_400_000;

const position = (deviceId: number, fixTime: number) =>
  recordAt(deviceId, fixTime, { attributes: { ignition: true } });

const request = (deviceId: number, times: number[]): WriteRequest => ({
  positions: times.map((t) => position(deviceId, t)),
  events: [],
  devices: [{ id: deviceId, positionIndex: times.length - 1, lastUpdate: times[times.length - 1] }],
});

describe.skipIf(Boolean(skipReason))('batch writer and the month partitions', () => {
  let db: Db;
  let device: number;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ db, device, close } = await migratedWithVehicle());
    // 2031-01 to 2031-04 partitioned; a statement trigger of positions logs every statement it fires for
    await maintainPartitions(db, utc(2031, 1, 20));
    await query(db, 'CREATE TABLE statement_log (rows integer)');
    await query(
      db,
      `CREATE FUNCTION log_statement() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
        `INSERT INTO statement_log SELECT count(*) FROM inserted; RETURN NULL; END $$`,
    );
    await query(
      db,
      'CREATE TRIGGER log_statement AFTER INSERT ON positions REFERENCING NEW TABLE AS inserted ' +
        'FOR EACH STATEMENT EXECUTE FUNCTION log_statement()',
    );
  });

  afterEach(() => close());

  const logged = async () =>
    (await query<{ rows: number }>(db, 'SELECT rows FROM statement_log')).map((r) => r.rows);

  it('stores a month’s batch in its partition without the statement triggers; other batches through positions', async () => {
    const writer = new BatchWriter(db, { delayMs: 1, maxRecords: 1000 });
    try {
      const february = [utc(2031, 2, 10, 8), utc(2031, 2, 10, 8) + 1000, utc(2031, 2, 10, 8) + 2000];
      const one = await writer.write(request(device, february));
      for (const id of one.positionIds)
        expect(await partitionOf(db, 'positions', id)).toBe('positions_p2031_02');
      expect(await logged()).toEqual([]);
      const sum = february.reduce((s, t) => s + (t % DAY_MS), 0);
      expect(await tallyOf(db, device, february[0])).toEqual([3, sum]);

      // across a month's end: through positions, each row in its month
      const turn = [utc(2031, 3, 1) - 1000, utc(2031, 3, 1) + 1000];
      const two = await writer.write(request(device, turn));
      expect(await partitionOf(db, 'positions', two.positionIds[0])).toBe('positions_p2031_02');
      expect(await partitionOf(db, 'positions', two.positionIds[1])).toBe('positions_p2031_03');
      // a month with no partition (a broken clock): the DEFAULT partition, through positions
      const old = await writer.write(request(device, [utc(1990, 5, 5, 5)]));
      expect(await partitionOf(db, 'positions', old.positionIds[0])).toBe('positions_default');
      expect(await logged()).toEqual([2, 1]);
      // each row counted once: by the writer, never again by the tallies' trigger
      expect(await tallyOf(db, device, turn[0])).toEqual([1, turn[0] % DAY_MS]);
      expect(await tallyOf(db, device, turn[1])).toEqual([1, turn[1] % DAY_MS]);
      expect(await tallyOf(db, device, utc(1990, 5, 5, 5))).toEqual([1, utc(1990, 5, 5, 5) % DAY_MS]);
      expect(await query(db, 'SELECT count(*)::int AS n FROM positions')).toEqual([{ n: 6 }]);
    } finally {
      await writer.close();
    }
  });

  it('fails one batch when its partition was dropped since, storing nothing, and stores the next', async () => {
    const writer = new BatchWriter(db, { delayMs: 1, maxRecords: 1000 });
    try {
      const april = utc(2031, 4, 2, 12);
      await writer.write(request(device, [april]));
      await query(db, 'DROP TABLE positions_p2031_04');
      await expect(writer.write(request(device, [april + 1000]))).rejects.toThrow(/does not exist/);
      expect(await query(db, 'SELECT count(*)::int AS n FROM positions')).toEqual([{ n: 0 }]);
      expect(await tallyOf(db, device, april)).toEqual([1, april % DAY_MS]);
      // the list read again: through positions, into the DEFAULT partition
      const stored = await writer.write(request(device, [april + 1000]));
      expect(await partitionOf(db, 'positions', stored.positionIds[0])).toBe('positions_default');
      expect(await tallyOf(db, device, april)).toEqual([2, 2 * (april % DAY_MS) + 1000]);
    } finally {
      await writer.close();
    }
  });

  it('reads the partitions again once its list is older than its limit', async () => {
    let clock = 0;
    const partitions = new PositionPartitions(60_000, () => clock);
    const client = await db.pgPool!.connect();
    try {
      const june = [position(device, utc(2031, 6, 3))];
      expect(await partitions.tableFor(client, june)).toBe(POSITIONS);
      await maintainPartitions(db, utc(2031, 6, 1));
      clock += 59_000;
      expect(await partitions.tableFor(client, june)).toBe(POSITIONS);
      clock += 2_000;
      expect(await partitions.tableFor(client, june)).toMatch(/^"t_[0-9a-f]+"\."positions_p2031_06"$/);
      expect(await partitions.tableFor(client, [])).toBe(POSITIONS);
    } finally {
      client.release();
    }
  });
});
