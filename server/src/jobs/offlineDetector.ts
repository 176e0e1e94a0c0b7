/**
 * Offline detection: devices that reported nothing for `timeoutMs` become offline, with a deviceOffline
 * event, broadcast and notified. Runs on one node at a time: a short lease renewed while held
 * (leasedJob.ts), so another node takes the detector over within a minute of the holder's death.
 */
import type { Db } from '../db/database';
import { parseJson, toJson } from '../db/mapping';
import type { LiveHub } from '../live/hub';
import type { EventContext } from '../processing/types';
import { deviceJson, eventJson } from '../db/rows';
import { acquireLease } from './lease';
import { DEFAULT_LEASE_MS, startLeasedJob, type LeasedJob } from './leasedJob';

export const OFFLINE_LEASE = 'offline-detector';

export interface OfflineDeps {
  db: Db;
  live: Pick<LiveHub, 'publish'>;
  node: string;
  timeoutMs: number;
  onOffline?: (deviceIds: number[]) => void;
  notify?: (contexts: EventContext[]) => void;
}

/** One pass, when this node holds (or can take) the lease; returns the ids of the devices it marked offline. */
export async function detectOffline(deps: OfflineDeps, now = Date.now()): Promise<number[]> {
  if (!(await acquireLease(deps.db, OFFLINE_LEASE, deps.node, DEFAULT_LEASE_MS, now))) return [];
  return offlinePass(deps, now);
}

/** One pass by the lease holder. */
async function offlinePass(deps: OfflineDeps, now: number): Promise<number[]> {
  const { db } = deps;
  const stale = await db.kysely
    .selectFrom('devices')
    .selectAll()
    .where('status', '=', 'online')
    .where('lastUpdate', '<', now - deps.timeoutMs)
    .execute();
  if (!stale.length) return [];
  const ids = stale.map((d) => Number(d.id));
  const events = await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('devices')
      .set({ status: 'offline' })
      .where('id', 'in', ids)
      .where('status', '=', 'online')
      .execute();
    return trx
      .insertInto('events')
      .values(
        stale.map((d) => ({
          type: 'deviceOffline',
          eventTime: now,
          deviceId: Number(d.id),
          positionId: d.positionId == null ? null : Number(d.positionId),
          geofenceId: null,
          attributes: toJson({}),
        })),
      )
      .returningAll()
      .execute();
  });
  deps.onOffline?.(ids);
  deps.live.publish({
    devices: stale.map((d) => deviceJson({ ...d, status: 'offline' })),
    events: events.map((e) => eventJson(e)),
  });
  deps.notify?.(
    events.map((e) => {
      const d = stale.find((x) => Number(x.id) === Number(e.deviceId))!;
      return {
        event: {
          id: Number(e.id),
          type: e.type,
          eventTime: Number(e.eventTime),
          deviceId: Number(e.deviceId),
          positionId: e.positionId == null ? null : Number(e.positionId),
          geofenceId: null,
          attributes: {},
        },
        device: { id: Number(d.id), name: d.name, uniqueId: d.uniqueId, attributes: parseJson(d.attributes) },
        position: null,
      };
    }),
  );
  return ids;
}

export interface OfflineJobOptions {
  /** lease length and beat (leasedJob.ts; default 30 s and 10 s) */
  leaseMs?: number;
  renewMs?: number;
  /** first pass after this long (default one period) */
  firstDelayMs?: number;
  /** the clock of the beats and passes (default Date.now; tests move one by hand) */
  now?: () => number;
  /** a pass that failed (the next one retries: a database hiccup must not stop the job) */
  onError?: (error: unknown) => void;
}

/** A pass every `everyMs` on the node holding the offline-detector lease (held as `deps.node`). */
export function startOfflineDetector(
  deps: OfflineDeps,
  everyMs = 60_000,
  options: OfflineJobOptions = {},
): LeasedJob {
  return startLeasedJob({
    db: deps.db,
    lease: OFFLINE_LEASE,
    holder: deps.node,
    intervalMs: everyMs,
    leaseMs: options.leaseMs,
    renewMs: options.renewMs,
    firstDelayMs: options.firstDelayMs,
    now: options.now,
    onError: options.onError,
    run: (now) => offlinePass(deps, now),
  });
}
