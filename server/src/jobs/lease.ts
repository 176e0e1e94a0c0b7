/**
 * Database leases: a named job runs on one node at a time. A node takes the lease when it is free or
 * expired, or renews its own; the update is one conditional statement, so two nodes never both win. The
 * last run of each job is kept beside (lease_runs), so a node that takes a job over knows whether it is due.
 */
import type { Db } from '../db/database';

export async function acquireLease(
  db: Db,
  name: string,
  holder: string,
  ttlMs: number,
  now = Date.now(),
): Promise<boolean> {
  const expiresAt = now + ttlMs;
  await db.kysely
    .insertInto('leases')
    .values({ name, holder, expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expiresAt })
        .where((eb) => eb.or([eb('leases.expiresAt', '<', now), eb('leases.holder', '=', holder)])),
    )
    .execute();
  const row = await db.kysely
    .selectFrom('leases')
    .select(['holder'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.kysely.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/** When the job of lease `name` last ran (started its last run), on any node; undefined when never. */
export async function lastRunOf(db: Db, name: string): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('leaseRuns')
    .select('lastRunAt')
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? Number(row.lastRunAt) : undefined;
}

/** Records a run of the job of lease `name` (its start time), for whichever node holds the lease next. */
export async function recordRun(db: Db, name: string, at: number): Promise<void> {
  await db.kysely
    .insertInto('leaseRuns')
    .values({ name, lastRunAt: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ lastRunAt: at }))
    .execute();
}
