/**
 * Offline detection: devices that reported nothing for `timeoutMs` become offline, with a deviceOffline
 * event, broadcast and notified. Runs on one node at a time (lease).
 */
import type { Db } from '../db/database';
import { parseJson, toJson } from '../db/mapping';
import type { LiveHub } from '../live/hub';
import type { EventContext } from '../processing/types';
import { deviceJson, eventJson } from '../services/rows';
import { acquireLease } from './lease';

export const OFFLINE_LEASE = 'offline-detector';

export interface OfflineDeps {
  db: Db;
  live: Pick<LiveHub, 'publish'>;
  node: string;
  timeoutMs: number;
  onOffline?: (deviceIds: number[]) => void;
  notify?: (contexts: EventContext[]) => void;
}

/** One pass; returns the ids of the devices it marked offline. */
export async function detectOffline(deps: OfflineDeps, now = Date.now()): Promise<number[]> {
  const { db } = deps;
  if (!(await acquireLease(db, OFFLINE_LEASE, deps.node, 5 * 60_000, now))) return [];
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

export function startOfflineDetector(deps: OfflineDeps, everyMs = 60_000): { stop(): void } {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await detectOffline(deps);
    } catch {
      // The next pass retries; a database hiccup must not stop the job.
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
