/**
 * The partition job (issue 24): on PostgreSQL, the node holding the `partitions` lease keeps the monthly
 * partitions of positions and events (migration 022) AHEAD_MONTHS ahead of the current month and, when a
 * retention is set (FROTA_RETENTION_MONTHS), drops the partitions entirely older than the current month
 * and the N months before it, with the tallies and cached days counting them and the DEFAULT partition's
 * stray rows of that age. SQLite keeps one table: there the job does not start.
 */
import type { Db } from '../../db/database';
import { startLeasedJob, type LeasedJob } from '../../jobs/leasedJob';
import {
  AHEAD_MONTHS,
  addMonths,
  monthStart,
  partitionName,
  PARTITIONED,
} from '../../db/migrations/022_partitions';
import { listPartitions } from './partitionCatalog';
import { createMonthPartition, dropPartition, forgetDerived, purgeDefault } from './partitionChanges';

export const PARTITIONS_LEASE = 'partitions';

export interface PartitionLog {
  info(details: object, message: string): void;
}

export interface PartitionOptions {
  /** keep the current month and this many before it (>= 1); absent: keep everything */
  retentionMonths?: number;
  log?: PartitionLog;
}

export interface PartitionRun {
  /** partitions created */
  created: string[];
  /** rows moved out of the DEFAULT partitions into the months created */
  moved: number;
  /** partitions dropped */
  dropped: string[];
  /** stray rows older than the retention removed from the DEFAULT partitions */
  purged: number;
}

/** The first instant kept: the start of the month `retentionMonths` before the current one. */
export function retentionCutoff(now: number, retentionMonths: number): number {
  if (!Number.isInteger(retentionMonths) || retentionMonths < 1)
    throw new Error('the retention is a whole number of months, at least 1');
  return addMonths(monthStart(now), -retentionMonths);
}

/** One run of the job at `now`; safe to repeat (a second run changes nothing). */
export async function maintainPartitions(
  db: Db,
  now: number,
  o: PartitionOptions = {},
): Promise<PartitionRun> {
  const result: PartitionRun = { created: [], moved: 0, dropped: [], purged: 0 };
  if (db.dialect !== 'postgres') return result;
  const current = monthStart(now);
  for (const spec of PARTITIONED) {
    const existing = await listPartitions(db, spec.table);
    for (let i = 0; i <= AHEAD_MONTHS; i++) {
      const month = addMonths(current, i);
      const next = addMonths(month, 1);
      if (existing.some((p) => p.from !== undefined && p.to !== undefined && p.from < next && p.to > month))
        continue;
      const moved = await createMonthPartition(db, spec, month);
      const name = partitionName(spec.table, month);
      result.created.push(name);
      result.moved += moved;
      o.log?.info({ partition: name, moved }, 'partition created');
    }
  }
  if (o.retentionMonths === undefined) return result;
  const cutoff = retentionCutoff(now, o.retentionMonths);
  const old = [];
  for (const spec of PARTITIONED)
    for (const p of await listPartitions(db, spec.table))
      if (p.to !== undefined && p.to <= cutoff) old.push({ spec, p });
  if (old.length) await forgetDerived(db, cutoff);
  for (const { spec, p } of old) {
    await dropPartition(db, spec, p.name);
    result.dropped.push(p.name);
    o.log?.info(
      { partition: p.name, from: new Date(p.from!).toISOString(), to: new Date(p.to!).toISOString() },
      'partition dropped (retention)',
    );
  }
  for (const spec of PARTITIONED) {
    const purged = await purgeDefault(db, spec, cutoff);
    if (purged)
      o.log?.info(
        { table: spec.table, rows: purged, before: new Date(cutoff).toISOString() },
        'stray rows removed (retention)',
      );
    result.purged += purged;
  }
  return result;
}

/** The leased job; a no-op handle on SQLite. */
export function startPartitionMaintainer(
  db: Db,
  options: PartitionOptions & {
    intervalMs?: number;
    firstDelayMs?: number;
    now?: () => number;
    onError?: (error: unknown) => void;
  } = {},
): LeasedJob | { stop(): Promise<void> } {
  if (db.dialect !== 'postgres') return { stop: async () => undefined };
  return startLeasedJob({
    db,
    lease: PARTITIONS_LEASE,
    intervalMs: options.intervalMs ?? 3_600_000,
    firstDelayMs: options.firstDelayMs ?? 60_000,
    now: options.now,
    onError: options.onError,
    run: (now) => maintainPartitions(db, now, options),
  });
}
