/**
 * The driver cards' daily activity imported from card files (issue 20 item 3), what the live counters read
 * for drivers whose trackers send none: the periods of a card within a window, and importing an overlapping
 * file (or the same file) again replaces the days it holds and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, startTestServer, type TestServer } from '../../harness';
import { migrateToLatest } from '../../../src/db/migrate';
import type { Db } from '../../../src/db/database';
import { loadCardActivity, saveCardActivity } from '../../../src/modules/tacho/files/activityStore';
import type { DddActivityDay } from '../../../src/modules/tacho/ddd';
import { dayEpoch } from '../../../src/modules/tacho/ddd/testing/buildDdd';
import { DAY, buildTachoFleet, cardFile, cardNumberOf, uploadRaw, vuFile, workDays } from '../../tachoFilesFleet';

const CARD = 'P000001234567000';
/** the owner of the days (a file's `ownerKey`) */
const OWNER = 'driver:1';
const OWNERS = [OWNER];
const H = 3600;
const day = (iso: string) => dayEpoch(iso);
const change = (minute: number, activity: DddActivityDay['changes'][number]['activity']) => ({
  slot: 0 as const,
  crew: false,
  cardPresent: true,
  activity,
  minute,
});
/** rest until 06:00, driving until 10:00, work until 11:00, rest to the day's end */
const plainDay = (iso: string): DddActivityDay => ({
  day: day(iso),
  distanceKm: 300,
  presenceCounter: 1,
  changes: [change(0, 'rest'), change(360, 'driving'), change(600, 'work'), change(660, 'rest')],
});

describe.each(dialects())('tachograph card activity store (%s)', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await fresh?.db.close();
    await fresh?.drop();
  });

  it('gives the periods of a card within [from, to), joined across midnight, in epoch seconds', async () => {
    await saveCardActivity(db, OWNER, CARD, [plainDay('2026-05-04'), plainDay('2026-05-05')]);
    const d4 = day('2026-05-04');
    const d5 = day('2026-05-05');
    expect(await loadCardActivity(db, OWNERS, CARD, d4, d5 + DAY)).toEqual([
      { state: 0, start: d4, end: d4 + 6 * H },
      { state: 3, start: d4 + 6 * H, end: d4 + 10 * H },
      { state: 2, start: d4 + 10 * H, end: d4 + 11 * H },
      { state: 0, start: d4 + 11 * H, end: d5 + 6 * H },
      { state: 3, start: d5 + 6 * H, end: d5 + 10 * H },
      { state: 2, start: d5 + 10 * H, end: d5 + 11 * H },
      { state: 0, start: d5 + 11 * H, end: d5 + DAY },
    ]);
    // a window inside the days is cut at both ends; the card number is compared without spaces and case
    expect(await loadCardActivity(db, OWNERS, ' p000001234567000 ', d5 + 8 * H, d5 + 10.5 * H)).toEqual([
      { state: 3, start: d5 + 8 * H, end: d5 + 10 * H },
      { state: 2, start: d5 + 10 * H, end: d5 + 10.5 * H },
    ]);
    expect(await loadCardActivity(db, OWNERS, 'P999', d4, d5 + DAY)).toEqual([]);
    // another owner's days of the same card are not these
    expect(await loadCardActivity(db, ['user:99'], CARD, d4, d5 + DAY)).toEqual([]);
    expect(await loadCardActivity(db, [], CARD, d4, d5 + DAY)).toEqual([]);
    expect(await loadCardActivity(db, OWNERS, CARD, d5, d4)).toEqual([]);
  });

  it('replaces the days an overlapping file holds, keeps the others, and is idempotent', async () => {
    const d5 = day('2026-05-05');
    const d6 = day('2026-05-06');
    const changed: DddActivityDay = {
      ...plainDay('2026-05-05'),
      changes: [change(0, 'rest'), change(480, 'driving'), change(480, 'available'), change(720, 'rest')],
    };
    const overlap = [changed, plainDay('2026-05-06')];
    await saveCardActivity(db, OWNER, CARD, overlap);
    await saveCardActivity(db, OWNER, CARD, overlap);
    const count = await db.kysely
      .selectFrom('tachoCardActivity')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cardNumber', '=', CARD)
      .executeTakeFirstOrThrow();
    // 4 changes on the 4th, 3 on the 5th (the two at 08:00 are one: the later holds), 4 on the 6th
    expect(Number(count.n)).toBe(11);
    const periods = await loadCardActivity(db, OWNERS, CARD, d5, d6);
    expect(periods).toEqual([
      { state: 0, start: d5, end: d5 + 8 * H },
      { state: 1, start: d5 + 8 * H, end: d5 + 12 * H },
      { state: 0, start: d5 + 12 * H, end: d6 },
    ]);
    // the 4th, which the second file did not hold, is unchanged
    expect((await loadCardActivity(db, OWNERS, CARD, day('2026-05-04'), d5))[1]).toEqual({
      state: 3,
      start: day('2026-05-04') + 6 * H,
      end: day('2026-05-04') + 10 * H,
    });
  });
});

describe.each(dialects())('tachograph card activity: the download ends its day (%s)', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    await migrateToLatest(fresh.db);
  });
  afterAll(async () => {
    await fresh?.db.close();
    await fresh?.drop();
  });

  it('leaves what followed the download unknown instead of stretching the last activity to midnight', async () => {
    const db = fresh.db;
    const d = day('2026-07-01');
    // downloaded at 10:30 while driving (since 06:00)
    const today: DddActivityDay = {
      ...plainDay('2026-07-01'),
      changes: [change(0, 'rest'), change(360, 'driving')],
    };
    await saveCardActivity(db, OWNER, CARD, [plainDay('2026-06-30'), today], d + 10.5 * H);
    expect(await loadCardActivity(db, OWNERS, CARD, d, d + DAY)).toEqual([
      { state: 0, start: d, end: d + 6 * H },
      { state: 3, start: d + 6 * H, end: d + 10.5 * H },
    ]);
    // a later file holding the whole day replaces it, end included
    await saveCardActivity(db, OWNER, CARD, [plainDay('2026-07-01')], d + 3 * DAY);
    expect((await loadCardActivity(db, OWNERS, CARD, d, d + DAY)).at(-1)).toEqual({
      state: 0,
      start: d + 11 * H,
      end: d + DAY,
    });
    // an older download of that day, imported afterwards, changes nothing
    const before = await loadCardActivity(db, OWNERS, CARD, d - DAY, d + DAY);
    await saveCardActivity(db, OWNER, CARD, [plainDay('2026-06-30'), today], d + 10.5 * H);
    expect(await loadCardActivity(db, OWNERS, CARD, d - DAY, d + DAY)).toEqual(before);
    // a download time before the day's last change does not cut recorded activity
    await saveCardActivity(db, OWNER, CARD, [plainDay('2026-07-02')], day('2026-07-02') + 8 * H);
    expect((await loadCardActivity(db, OWNERS, CARD, day('2026-07-02'), day('2026-07-03'))).at(-1)?.end).toBe(
      day('2026-07-03'),
    );
  });
});

describe.each(dialects())('tachograph card activity imported on upload (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('imports the daily activity changes of an uploaded driver card file, once per day', async () => {
    const f = await buildTachoFleet(server);
    const db = server.services.db;
    const card = cardFile({ days: workDays('2026-06-01', 3) });
    const number = cardNumberOf(card);
    expect((await uploadRaw(server, f.gestor, 'c.ddd', card)).status).toBe(200);
    const first = day('2026-06-01');
    const periods = await loadCardActivity(db, [`driver:${f.driver}`], number, first, first + 3 * DAY);
    expect(periods[0]).toEqual({ state: 0, start: first, end: first + 6 * H });
    expect(periods[1]).toEqual({ state: 3, start: first + 6 * H, end: first + 10.5 * H });
    const driving = periods.filter((p) => p.state === 3).reduce((s, p) => s + p.end - p.start, 0);
    expect(driving).toBe(3 * (4.5 + 3.75) * H);

    // a later file overlapping two of those days, and the same file again: each day held once
    const later = cardFile({
      days: workDays('2026-06-03', 3),
      lastDownload: Date.parse('2026-06-06T10:00:00Z') / 1000,
    });
    expect((await uploadRaw(server, f.gestor, 'c2.ddd', later)).status).toBe(200);
    expect((await uploadRaw(server, f.gestor, 'c2.ddd', later)).status).toBe(200);
    const all = await loadCardActivity(db, [`driver:${f.driver}`], number, first, first + 6 * DAY);
    const drivingAll = all.filter((p) => p.state === 3).reduce((s, p) => s + p.end - p.start, 0);
    expect(drivingAll).toBe(5 * (4.5 + 3.75) * H);

    // a vehicle unit file imports nothing
    const before = await db.kysely.selectFrom('tachoCardActivity').select('day').execute();
    expect(
      (await uploadRaw(server, f.gestor, 'm.ddd', vuFile({ days: workDays('2026-06-01', 2) }))).status,
    ).toBe(200);
    expect(await db.kysely.selectFrom('tachoCardActivity').select('day').execute()).toHaveLength(
      before.length,
    );
  });
});
