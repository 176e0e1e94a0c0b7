/**
 * Which table the PostgreSQL batch writer inserts a batch's positions into: straight into the month
 * partition (migration 022) that holds every one of them, else the partitioned `positions` itself.
 *
 * Why: an INSERT into `positions` copies every row it inserts into the transition table of the tallies'
 * statement trigger (migration 031, `REFERENCING NEW TABLE`) before that trigger returns at once for the
 * writer's transaction, which checks and tallies its batch itself. A statement trigger of a partitioned
 * table does not fire, and captures nothing, for rows inserted into one of its partitions directly; the
 * partition still refuses a row outside its range (PostgreSQL checks a partition's bound on a direct
 * insert), and its row triggers, generated columns and defaults are the parent's. Measured with
 * `bench:pgRows`'s batches, the two targets interleaved batch by batch: 3.4 to 4.6 µs less wall time a
 * row, of some 33.
 *
 * The partitions are read from the catalogue at the first batch and again once `maxAgeMs` old (the
 * partition job adds a month ahead of time) or after a failed batch (`stale`). A batch whose rows no
 * partition holds whole (rows of two months, a broken clock's DEFAULT rows) goes to `positions` as before.
 */
import pg from 'pg';
import type { ProcessedPosition } from './types';

/** The partitioned table the writer inserts into when no one partition takes the batch. */
export const POSITIONS = 'positions';

interface Range {
  /** the partition's schema and name, quoted for a statement */
  table: string;
  /** [from, to) in epoch ms of fix time */
  from: number;
  to: number;
}

/** A partition bound as `pg_get_expr` writes it: `FOR VALUES FROM ('1764547200000') TO ('1767225600000')`. */
const RANGE = /^FOR VALUES FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)$/;

export class PositionPartitions {
  private ranges: Range[] = [];
  private loadedAt = -Infinity;

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The partitions are read again before the next batch (a batch failed: one may be gone). */
  stale(): void {
    this.loadedAt = -Infinity;
  }

  /** The table to insert `positions` into, `client` reading the catalogue when the list is old. */
  async tableFor(client: pg.ClientBase, positions: readonly ProcessedPosition[]): Promise<string> {
    if (positions.length === 0) return POSITIONS;
    if (this.now() - this.loadedAt > this.maxAgeMs) await this.load(client);
    let first = Infinity;
    let last = -Infinity;
    for (const p of positions) {
      if (p.fixTime < first) first = p.fixTime;
      if (p.fixTime > last) last = p.fixTime;
    }
    const range = this.ranges.find((r) => r.from <= first && last < r.to);
    return range ? range.table : POSITIONS;
  }

  private async load(client: pg.ClientBase): Promise<void> {
    const { rows } = await client.query<{ schema: string; name: string; bound: string }>(
      `SELECT n.nspname AS schema, c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE i.inhparent = to_regclass($1) AND c.relkind = 'r'`,
      [POSITIONS],
    );
    this.ranges = rows.flatMap(({ schema, name, bound }) => {
      const range = RANGE.exec(bound.trim());
      if (!range) return [];
      const table = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
      return [{ table, from: Number(range[1]), to: Number(range[2]) }];
    });
    this.loadedAt = this.now();
  }
}
