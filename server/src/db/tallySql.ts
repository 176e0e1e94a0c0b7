/**
 * The hourly tallies' arithmetic and SQLite statements (migration 006), shared by that migration, by the
 * derivation on every connection but the writer thread's (positionDerived.ts).
 */

export const TALLY_HOUR_MS = 3_600_000;
/** The part of a fix time the tallies sum: the time of day, so the sums stay exact integers. */
export const TALLY_DAY_MS = 86_400_000;

export const sqliteHour = (row: string) => `CAST(${row}.fix_time / ${TALLY_HOUR_MS} AS INTEGER)`;
const sqliteTime = (row: string) => `(${row}.fix_time % ${TALLY_DAY_MS})`;

/** SQLite: the statement adding (1) or removing (-1) the position `row` names to or from its tally. */
export function sqliteAdd(row: string, sign: 1 | -1): string {
  if (sign === 1)
    return (
      `INSERT INTO position_tallies (device_id, hour, positions, time_sum) ` +
      `VALUES (${row}.device_id, ${sqliteHour(row)}, 1, ${sqliteTime(row)}) ` +
      `ON CONFLICT (device_id, hour) DO UPDATE SET positions = positions + 1, ` +
      `time_sum = time_sum + excluded.time_sum;`
    );
  return (
    `UPDATE position_tallies SET positions = positions - 1, time_sum = time_sum - ${sqliteTime(row)} ` +
    `WHERE device_id = ${row}.device_id AND hour = ${sqliteHour(row)};`
  );
}
