/**
 * Device statistics (document 2 §2.7, §3; the dashboard): what a stored batch adds to each vehicle's row
 * of `device_statistics` — the counted alerts it raised and when its ignition last went on — written in
 * the batch's own transaction with one upsert per vehicle of the batch, never one per record.
 */
import { sql, type Transaction } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../db/schema';
import type { EventDraft, ProcessedPosition } from '../types';
import { unnestList, type PgStatement } from '../pgBatchInserts';
import { int4Array, int8Array } from '../pgBinary';

/** The counted alerts, as the API names them (alert_{key}), and their columns. */
export const COUNTED_ALERTS = {
  deviceOverspeed: 'alert_device_overspeed',
  hardAcceleration: 'alert_hard_acceleration',
  hardBraking: 'alert_hard_braking',
  hardCornering: 'alert_hard_cornering',
  lowBattery: 'alert_low_battery',
  sos: 'alert_sos',
} as const;

export type CountedAlert = keyof typeof COUNTED_ALERTS;
const KEYS = Object.keys(COUNTED_ALERTS) as CountedAlert[];

export interface StatisticsDelta {
  deviceId: number;
  /** the latest time the ignition went on in the batch, or null */
  lastIgnition: number | null;
  counts: Record<CountedAlert, number>;
}

/** Every counted alert at 0, in the order of `COUNTED_ALERTS`. */
const noCounts = (): Record<CountedAlert, number> => ({
  deviceOverspeed: 0,
  hardAcceleration: 0,
  hardBraking: 0,
  hardCornering: 0,
  lowBattery: 0,
  sos: 0,
});

/** The statistic an event adds to: overspeed and five alarms. */
export function countedAlert(draft: Pick<EventDraft, 'type' | 'attributes'>): CountedAlert | undefined {
  if (draft.type === 'deviceOverspeed') return 'deviceOverspeed';
  if (draft.type !== 'alarm') return undefined;
  const alarm = draft.attributes?.alarm;
  return typeof alarm === 'string' && alarm !== 'deviceOverspeed' && alarm in COUNTED_ALERTS
    ? (alarm as CountedAlert)
    : undefined;
}

/**
 * When this record turned the ignition on: the ignition stage stamps `lastignition` with the record's own
 * time exactly then, and carries the older time forward otherwise (so a batch writes a vehicle's row only
 * when something changed). A vehicle's records carry one text until the ignition goes on again, and a
 * request is one vehicle's frame: the text last parsed is kept in `parsed`, not parsed again per record.
 */
function ignitionOnAt(p: ProcessedPosition, parsed: { text: string; ms: number }): number | null {
  const text = p.attributes.lastignition;
  if (p.outdated || typeof text !== 'string') return null;
  if (text !== parsed.text) {
    parsed.text = text;
    parsed.ms = Date.parse(text);
  }
  return parsed.ms === p.fixTime ? p.fixTime : null;
}

/** What the records and events of a batch add, one delta per vehicle, in vehicle id order (lock order). */
export function statisticsDeltas(
  requests: Array<{
    positions: ProcessedPosition[];
    events: Array<{ deviceId: number; draft: EventDraft }>;
  }>,
): StatisticsDelta[] {
  const byDevice = new Map<number, StatisticsDelta>();
  const delta = (deviceId: number) => {
    let d = byDevice.get(deviceId);
    if (!d) {
      d = { deviceId, lastIgnition: null, counts: noCounts() };
      byDevice.set(deviceId, d);
    }
    return d;
  };
  const parsed = { text: '', ms: NaN };
  for (const request of requests) {
    for (const p of request.positions) {
      const on = ignitionOnAt(p, parsed);
      if (on === null) continue;
      const d = delta(p.deviceId);
      d.lastIgnition = Math.max(d.lastIgnition ?? on, on);
    }
    for (const e of request.events) {
      const key = countedAlert(e.draft);
      if (key) delta(e.deviceId).counts[key]++;
    }
  }
  return [...byDevice.values()].sort((a, b) => a.deviceId - b.deviceId);
}

const COLUMNS = ['device_id', 'lastreset', 'lastignition', ...KEYS.map((k) => COUNTED_ALERTS[k])];

/** Adds to the row; a vehicle without one (created before its trigger existed) starts counting now. */
const UPSERT_TAIL =
  `ON CONFLICT (device_id) DO UPDATE SET lastignition = CASE ` +
  `WHEN excluded.lastignition IS NULL THEN device_statistics.lastignition ` +
  `WHEN device_statistics.lastignition IS NULL OR excluded.lastignition > device_statistics.lastignition ` +
  `THEN excluded.lastignition ELSE device_statistics.lastignition END, ` +
  KEYS.map(
    (k) => `${COUNTED_ALERTS[k]} = device_statistics.${COUNTED_ALERTS[k]} + excluded.${COUNTED_ALERTS[k]}`,
  ).join(', ');

const values = (d: StatisticsDelta, now: number) => [
  d.deviceId,
  now,
  d.lastIgnition,
  ...KEYS.map((k) => d.counts[k]),
];

/** SQLite: the upsert of one device's counts, its parameters in the order `statisticsRows` gives them. */
export const SQLITE_STATISTICS_UPSERT = `INSERT INTO device_statistics (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(',')}) ${UPSERT_TAIL}`;

/** The parameters of each device's upsert. */
export const statisticsRows = (deltas: StatisticsDelta[], now: number): unknown[][] =>
  deltas.map((d) => values(d, now));

/** SQLite: a prepared upsert run inside the batch's synchronous transaction. */
export function sqliteStatisticsWriter(sqlite: BetterSqlite3.Database) {
  const upsert = sqlite.prepare(SQLITE_STATISTICS_UPSERT);
  return (deltas: StatisticsDelta[], now: number): void => {
    for (const d of deltas) upsert.run(...values(d, now));
  };
}

/** PostgreSQL (the batch writer's pipelined transaction): every vehicle's row in one upsert of arrays. */
export function pgStatisticsStatement(deltas: StatisticsDelta[], now: number): PgStatement | null {
  if (!deltas.length) return null;
  const counts = KEYS.map((k) => int4Array(deltas.map((d) => d.counts[k])));
  return {
    text:
      `INSERT INTO device_statistics (${COLUMNS.join(', ')}) ` +
      `SELECT ${unnestList(['integer', 'bigint', 'bigint', ...KEYS.map(() => 'integer')])} ${UPSERT_TAIL}`,
    values: [
      int4Array(deltas.map((d) => d.deviceId)),
      int8Array(deltas.map(() => now)),
      int8Array(deltas.map((d) => d.lastIgnition)),
      ...counts,
    ],
  };
}

/** Through Kysely (SQLite inside another transaction): one multi-row upsert. */
export async function writeStatistics(
  trx: Transaction<Database>,
  deltas: StatisticsDelta[],
  now: number,
): Promise<void> {
  if (!deltas.length) return;
  const rows = deltas.map((d) => sql`(${sql.join(values(d, now))})`);
  await sql`INSERT INTO device_statistics (${sql.raw(COLUMNS.join(', '))}) VALUES ${sql.join(rows)} ${sql.raw(
    UPSERT_TAIL,
  )}`.execute(trx);
}
