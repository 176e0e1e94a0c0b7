/**
 * Migration 023: `lease_runs`, when each leased job last ran (issue 24). Leases are now short and renewed
 * while held (jobs/leasedJob.ts), so a job moves to another node within a minute of a death; the last run
 * time, kept apart from the lease row (a released lease is deleted), lets the node that takes an hourly job
 * over skip the run the dead node already made in this interval.
 */
import type { Kysely } from 'kysely';

type AnyDb = Kysely<unknown>;

export function migration023() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('leaseRuns')
        .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('lastRunAt', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('leaseRuns').ifExists().execute();
    },
  };
}
