/**
 * The driver cards' daily activity, imported from card files (issue 20 item 3): what the counters are
 * computed from for drivers whose trackers send none. One row per activity change, keyed by (owner, card,
 * day, minute), dated by the download of the file that gave them; saving a file's days replaces exactly those
 * days of that owner (unless a later download gave them), so importing an overlapping file again, in any
 * order, changes nothing it does not hold. The owner is the file's (`owner.ts`): a file bearing another
 * client's card number never writes that client's days (issue 33). The day the card was downloaded ends at the download (an `end` row): what the
 * driver did after it is unknown until a later file, rather than the last activity stretched to midnight.
 */
import { DAY, timelineFromCardDays, type ActivityPeriod, type CardDay } from '@frota/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { fromBool } from '../../../db/mapping';
import type { DddActivityDay } from '../ddd';
import { cardKey } from './keys';

type Change = CardDay['changes'][number];

const DAY_MS = DAY * 1000;
const INSERT_CHUNK = 500;
/** The activity of the row that ends a day's record (the card's download time). */
const END = 'end';

type Executor = Kysely<Database>;

/**
 * Store the daily records of one driver card for one owner, replacing the days they cover, except the days a file
 * downloaded later already gave (an older file uploaded after a newer one changes nothing). `recordedUntil`
 * (epoch seconds, the card's download time; null when unknown) ends the record of its day and dates the days.
 * Runs in `within` (a transaction of the caller) or in a transaction of its own.
 */
export async function saveCardActivity(
  db: Db,
  ownerKey: string,
  cardNumber: string,
  days: readonly DddActivityDay[],
  recordedUntil: number | null = null,
  within?: Executor,
): Promise<void> {
  const card = cardKey(cardNumber);
  if (!card || !ownerKey || !days.length) return;
  if (within) return writeDays(db, within, ownerKey, card, days, recordedUntil);
  await db.kysely.transaction().execute((trx) => writeDays(db, trx, ownerKey, card, days, recordedUntil));
}

async function writeDays(
  db: Db,
  k: Executor,
  ownerKey: string,
  card: string,
  days: readonly DddActivityDay[],
  recordedUntil: number | null,
): Promise<void> {
  const recordedAt = recordedUntil === null ? 0 : recordedUntil * 1000;
  const newer = new Set<number>();
  const dayKeys = [...new Set(days.map((d) => d.day * 1000))];
  for (let i = 0; i < dayKeys.length; i += INSERT_CHUNK)
    for (const r of await k
      .selectFrom('tachoCardActivity')
      .select('day')
      .where('ownerKey', '=', ownerKey)
      .where('cardNumber', '=', card)
      .where('day', 'in', dayKeys.slice(i, i + INSERT_CHUNK))
      .where('recordedAt', '>', recordedAt)
      .execute())
      newer.add(Number(r.day));
  const kept = days.filter((d) => !newer.has(d.day * 1000));
  const rows = kept.flatMap(({ day, changes }) => {
    // two changes at the same minute: the later one holds (as the timeline reads them)
    const byMinute = new Map<
      number,
      { minute: number; activity: string; slot: number; cardPresent: boolean }
    >(changes.map((c) => [c.minute, c]));
    const endMinute = recordedUntil === null ? -1 : Math.floor((recordedUntil - day) / 60);
    const lastMinute = Math.max(-1, ...byMinute.keys());
    if (endMinute >= lastMinute && endMinute < DAY / 60 && byMinute.size)
      byMinute.set(endMinute, { minute: endMinute, activity: END, slot: 0, cardPresent: false });
    return [...byMinute.values()].map((c) => ({
      ownerKey,
      cardNumber: card,
      day: day * 1000,
      minute: c.minute,
      activity: c.activity,
      slot: c.slot,
      cardPresent: fromBool(db.dialect, c.cardPresent),
      recordedAt,
    }));
  });
  const keptKeys = kept.map((d) => d.day * 1000);
  for (let i = 0; i < keptKeys.length; i += INSERT_CHUNK)
    await k
      .deleteFrom('tachoCardActivity')
      .where('ownerKey', '=', ownerKey)
      .where('cardNumber', '=', card)
      .where('day', 'in', keptKeys.slice(i, i + INSERT_CHUNK))
      .execute();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await k
      .insertInto('tachoCardActivity')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
}

/**
 * The card's activity periods within [from, to) (epoch seconds), oldest first, from the card files of the
 * `owners` (undefined: every owner, for administrators). A day two owners both hold is read from the later
 * download. A day's last activity lasts until the day's end (or the download that ended its record); days no
 * file recorded stay out (unknown).
 */
export async function loadCardActivity(
  db: Db,
  owners: readonly string[] | undefined,
  cardNumber: string,
  from: number,
  to: number,
): Promise<ActivityPeriod[]> {
  if (!(to > from) || owners?.length === 0) return [];
  let q = db.kysely
    .selectFrom('tachoCardActivity')
    .select(['ownerKey', 'day', 'minute', 'activity', 'recordedAt'])
    .where('cardNumber', '=', cardKey(cardNumber))
    .where('day', '>', from * 1000 - DAY_MS)
    .where('day', '<', to * 1000);
  if (owners) q = q.where('ownerKey', 'in', [...owners]);
  const rows = await q.orderBy('day').orderBy('ownerKey').orderBy('minute').execute();
  // each day from one owner: the one whose file was downloaded last
  const dayOwner = new Map<number, { ownerKey: string; recordedAt: number }>();
  for (const row of rows) {
    const held = dayOwner.get(Number(row.day));
    if (!held || Number(row.recordedAt) > held.recordedAt)
      dayOwner.set(Number(row.day), { ownerKey: row.ownerKey, recordedAt: Number(row.recordedAt) });
  }
  const days: { day: number; changes: Change[] }[] = [];
  const ends: [number, number][] = [];
  for (const row of rows) {
    if (dayOwner.get(Number(row.day))?.ownerKey !== row.ownerKey) continue;
    const day = Number(row.day) / 1000;
    let last = days[days.length - 1];
    if (!last || last.day !== day) days.push((last = { day, changes: [] }));
    if (row.activity === END) ends.push([day + Number(row.minute) * 60, day + DAY]);
    else last.changes.push({ activity: row.activity as Change['activity'], minute: Number(row.minute) });
  }
  return withoutGaps(timelineFromCardDays(days, to), ends)
    .map((p) => ({ ...p, start: Math.max(p.start, from) }))
    .filter((p) => p.end > p.start);
}

/** The periods with the unknown stretches [start, end) taken out. */
function withoutGaps(periods: ActivityPeriod[], gaps: readonly [number, number][]): ActivityPeriod[] {
  let out = periods;
  for (const [start, end] of gaps)
    out = out.flatMap((p) =>
      p.end <= start || p.start >= end
        ? [p]
        : [
            ...(p.start < start ? [{ ...p, end: start }] : []),
            ...(p.end > end ? [{ ...p, start: end }] : []),
          ],
    );
  return out;
}
