/**
 * What SQLite keeps beside each position, derived from it (migration 033): five attribute columns (the
 * reports' ignition, motion, totalDistance and hours, and the replay's privacy) and the hourly tallies
 * (migration 006).
 *
 * Storing a position used to derive them in the database: generated columns parsing the attributes' JSON
 * text, a partial index testing it once more, and a trigger upserting the tallies, row by row — some half
 * of what SQLite's writer thread spent on a device record. That thread now writes them itself: the values
 * come from the attribute object the pipeline already holds (`pushDerivedValues`), the tallies are grouped
 * per batch (`tallyRows`). Every other connection derives them as before, by a connection-local (TEMP)
 * trigger that `installDerivedTriggers` creates when the database is opened or migrated: the writer thread
 * is the one connection without it. PostgreSQL keeps its generated columns and statement triggers.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteAdd, TALLY_DAY_MS, TALLY_HOUR_MS } from './tallySql';

/** Column, attribute and whether `->>` integers must stay integers (a column with no type affinity). */
export const DERIVED_COLUMNS = [
  { column: 'ignition', key: 'ignition', type: 'numeric', exactIntegers: false },
  { column: 'motion', key: 'motion', type: 'numeric', exactIntegers: false },
  { column: 'total_distance', key: 'totalDistance', type: 'real', exactIntegers: false },
  { column: 'hours', key: 'hours', type: 'real', exactIntegers: false },
  { column: 'privacy', key: 'privacy', type: '', exactIntegers: true },
] as const;

/** The TEMP trigger every connection but the writer thread's has (see the header). */
export const DERIVED_TRIGGER = 'positions_derived_insert';

/** SQLite: the columns' values read from the attributes of the row `row` names (NEW), or of the row at hand. */
export const derivedExpressions = (row?: string): string[] =>
  DERIVED_COLUMNS.map(({ key }) => `${row ? `${row}.` : ''}attributes ->> '$.${key}'`);

/** Sets the derived columns of the row `row` names from its attributes. */
export const derivedUpdate = (row: string): string => {
  const values = derivedExpressions(row);
  return (
    `UPDATE positions SET ${DERIVED_COLUMNS.map(({ column }, i) => `${column} = ${values[i]}`).join(', ')} ` +
    `WHERE id = ${row}.id`
  );
};

const TRIGGER_SQL =
  `CREATE TEMP TRIGGER IF NOT EXISTS ${DERIVED_TRIGGER} AFTER INSERT ON main.positions BEGIN ` +
  `${derivedUpdate('NEW')}; ${sqliteAdd('NEW', 1)} END`;

/** Whether the positions table has the written columns of migration 033 (not yet, or migrated down). */
function hasWrittenColumns(sqlite: BetterSqlite3.Database): boolean {
  const columns = sqlite.prepare(`SELECT name, hidden FROM pragma_table_xinfo('positions')`).all() as Array<{
    name: string;
    hidden: number;
  }>;
  // hidden 3: a stored generated column (before migration 033)
  return columns.some((c) => c.name === 'privacy') && !columns.some((c) => c.hidden === 3);
}

/**
 * Creates this connection's derivation trigger when the positions table takes written columns, drops it
 * when not (a database not migrated yet, or migrated below 033). Run on opening and after each migration.
 */
export function installDerivedTriggers(sqlite: BetterSqlite3.Database): void {
  if (hasWrittenColumns(sqlite)) sqlite.exec(TRIGGER_SQL);
  else sqlite.exec(`DROP TRIGGER IF EXISTS temp.${DERIVED_TRIGGER}`);
}

/**
 * A JSON value as SQLite's `->>` gives it: true and false as 1 and 0, numbers, text, null (also for a key
 * JSON leaves out), an object or array as its JSON text. `exactIntegers`: an integer as a 64-bit integer
 * (BigInt), as `->>` gives it to a column that keeps what it is given; the typed columns turn an integral
 * number into the same value either way.
 */
export function extractedValue(value: unknown, exactIntegers: boolean): unknown {
  switch (typeof value) {
    case 'boolean':
      return exactIntegers ? (value ? 1n : 0n) : value ? 1 : 0;
    case 'number':
      if (!Number.isFinite(value)) return null; // JSON writes null
      if (exactIntegers && Number.isInteger(value) && Math.abs(value) < 2 ** 63) return BigInt(value);
      return value === 0 ? 0 : value; // JSON writes -0 as 0
    case 'string':
      return value;
    case 'object': {
      if (value === null) return null;
      // what JSON makes of it (toJSON, as a Date's): an object or array stays text, a value is read again
      const text = JSON.stringify(value) as string | undefined;
      if (text === undefined) return null;
      const back: unknown = JSON.parse(text);
      return back !== null && typeof back === 'object' ? text : extractedValue(back, exactIntegers);
    }
    default:
      return null; // undefined, a function or a symbol: JSON leaves the key out
  }
}

/** Writes the derived columns' values of `attributes`, in DERIVED_COLUMNS' order, onto the end of `out`. */
export function pushDerivedValues(out: unknown[], attributes: Record<string, unknown>): void {
  // the five keys by name: a loop over the table would read them through one generic site
  out.push(
    extractedValue(attributes.ignition, false),
    extractedValue(attributes.motion, false),
    extractedValue(attributes.totalDistance, false),
    extractedValue(attributes.hours, false),
    extractedValue(attributes.privacy, true),
  );
}

/**
 * A batch's positions counted per vehicle and UTC hour (with the sum of their times of day), in key order:
 * what migration 006's trigger adds to the tallies for these rows. Flat: device, hour, count, sum.
 */
export function tallyRows(deviceIds: ArrayLike<number>, fixTimes: ArrayLike<number>): number[] {
  const groups = new Map<number, Map<number, { positions: number; timeSum: number }>>();
  for (let i = 0; i < deviceIds.length; i++) {
    const deviceId = deviceIds[i];
    const fixTime = fixTimes[i];
    // integer division as the databases do it: toward zero
    const hour = (fixTime - (fixTime % TALLY_HOUR_MS)) / TALLY_HOUR_MS;
    let hours = groups.get(deviceId);
    if (!hours) groups.set(deviceId, (hours = new Map()));
    const tally = hours.get(hour);
    if (tally) {
      tally.positions++;
      tally.timeSum += fixTime % TALLY_DAY_MS;
    } else hours.set(hour, { positions: 1, timeSum: fixTime % TALLY_DAY_MS });
  }
  const rows: number[] = [];
  for (const deviceId of [...groups.keys()].sort((a, b) => a - b))
    for (const [hour, tally] of [...groups.get(deviceId)!].sort((a, b) => a[0] - b[0]))
      rows.push(deviceId, hour, tally.positions, tally.timeSum);
  return rows;
}

/** SQLite: adds one tally row (device, hour, count, sum) to the hourly tallies. */
export const TALLY_ADD_SQL =
  'INSERT INTO position_tallies (device_id, hour, positions, time_sum) VALUES (?, ?, ?, ?) ' +
  'ON CONFLICT (device_id, hour) DO UPDATE SET positions = positions + excluded.positions, ' +
  'time_sum = time_sum + excluded.time_sum';
