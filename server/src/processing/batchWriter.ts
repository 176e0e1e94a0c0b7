/**
 * Writes pipeline output in batches: records from many devices and connections are gathered for a few
 * milliseconds and committed in one transaction (multi-row inserts), then every waiting caller is answered.
 * A caller acknowledges its device only after its promise resolves, so an acknowledged record is committed.
 */
import type { Db } from '../db/database';
import { fromBool, toJson } from '../db/mapping';
import type { EventDraft, ProcessedPosition, StoredEvent } from './types';

export interface WriteRequest {
  positions: ProcessedPosition[];
  /** events with the index (in `positions`) of the record that raised them */
  events: Array<{ deviceId: number; positionIndex: number; draft: EventDraft }>;
  /** devices whose latest position, update time and status change: index of their latest record */
  devices: Array<{ id: number; positionIndex: number; lastUpdate: number }>;
}

export interface WriteResult {
  positionIds: number[];
  events: StoredEvent[];
}

interface Pending {
  request: WriteRequest;
  resolve: (r: WriteResult) => void;
  reject: (e: unknown) => void;
}

const CHUNK = 400; // rows per INSERT: 16 columns x 400 stays far below SQLite's variable limit

export class BatchWriter {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(
    private db: Db,
    private options: { delayMs: number; maxRecords: number } = { delayMs: 2, maxRecords: 2000 },
  ) {}

  write(request: WriteRequest): Promise<WriteResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.queued += request.positions.length;
      if (this.queued >= this.options.maxRecords) this.schedule(0);
      else this.schedule(this.options.delayMs);
    });
  }

  private schedule(delay: number) {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const batch = this.queue;
      this.queue = [];
      this.queued = 0;
      this.flushing = this.flushing.then(() => this.commit(batch));
    }, delay);
  }

  /** Resolves when everything written so far is committed (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.queue.length || this.timer) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
        const batch = this.queue;
        this.queue = [];
        this.queued = 0;
        this.flushing = this.flushing.then(() => this.commit(batch));
      }
      await this.flushing;
    }
    await this.flushing;
  }

  private sqliteWrite?: (batch: Pending[]) => WriteResult[];

  /**
   * SQLite: one synchronous transaction over cached prepared statements (no query building per batch).
   * Used only when no other transaction is open on the connection, so a batch never nests inside an API
   * transaction that could still roll back.
   */
  private sqliteCommit(): ((batch: Pending[]) => WriteResult[]) | undefined {
    const sqlite = this.db.sqlite;
    if (!sqlite) return undefined;
    const insertPosition = sqlite.prepare(
      'INSERT INTO positions (device_id, protocol, server_time, device_time, fix_time, valid, latitude, longitude, ' +
        'altitude, speed, course, accuracy, address, event, attributes) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
    );
    const insertEvent = sqlite.prepare(
      'INSERT INTO events (type, event_time, device_id, position_id, geofence_id, attributes) VALUES (?,?,?,?,?,?)',
    );
    const updateDevice = sqlite.prepare(
      "UPDATE devices SET position_id = ?, last_update = ?, status = 'online' WHERE id = ?",
    );
    return sqlite.transaction((batch: Pending[]) =>
      batch.map(({ request }) => {
        const positionIds = request.positions.map((p) =>
          Number(
            insertPosition.run(
              p.deviceId,
              p.protocol,
              p.serverTime,
              p.deviceTime,
              p.fixTime,
              p.valid ? 1 : 0,
              p.latitude,
              p.longitude,
              p.altitude,
              p.speed,
              p.course,
              p.accuracy,
              p.address,
              p.event,
              toJson(p.attributes),
            ).lastInsertRowid,
          ),
        );
        const events: StoredEvent[] = request.events.map((e) => {
          const positionId = positionIds[e.positionIndex] ?? null;
          const geofenceId = e.draft.geofenceId ?? null;
          const attributes = e.draft.attributes ?? {};
          const id = Number(
            insertEvent.run(
              e.draft.type,
              e.draft.eventTime,
              e.deviceId,
              positionId,
              geofenceId,
              toJson(attributes),
            ).lastInsertRowid,
          );
          return {
            id,
            type: e.draft.type,
            eventTime: e.draft.eventTime,
            deviceId: e.deviceId,
            positionId,
            geofenceId,
            attributes,
          };
        });
        for (const d of request.devices) updateDevice.run(positionIds[d.positionIndex], d.lastUpdate, d.id);
        return { positionIds, events };
      }),
    );
  }

  private async commit(batch: Pending[]): Promise<void> {
    if (!batch.length) return;
    if (this.db.sqlite && !this.db.sqlite.inTransaction) {
      this.sqliteWrite ??= this.sqliteCommit();
      try {
        const results = this.sqliteWrite!(batch);
        batch.forEach((p, i) => p.resolve(results[i]));
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
      return;
    }
    const { dialect } = this.db;
    try {
      const results = await this.db.kysely.transaction().execute(async (trx) => {
        const out: WriteResult[] = [];
        for (const { request } of batch) {
          const positionIds: number[] = [];
          for (let i = 0; i < request.positions.length; i += CHUNK) {
            const rows = request.positions.slice(i, i + CHUNK).map((p) => ({
              deviceId: p.deviceId,
              protocol: p.protocol,
              serverTime: p.serverTime,
              deviceTime: p.deviceTime,
              fixTime: p.fixTime,
              valid: fromBool(dialect, p.valid),
              latitude: p.latitude,
              longitude: p.longitude,
              altitude: p.altitude,
              speed: p.speed,
              course: p.course,
              accuracy: p.accuracy,
              address: p.address,
              event: p.event,
              attributes: toJson(p.attributes),
            }));
            const ids = await trx.insertInto('positions').values(rows).returning('id').execute();
            positionIds.push(...ids.map((r) => Number(r.id)));
          }
          const events: StoredEvent[] = [];
          if (request.events.length) {
            const rows = request.events.map((e) => ({
              type: e.draft.type,
              eventTime: e.draft.eventTime,
              deviceId: e.deviceId,
              positionId: positionIds[e.positionIndex] ?? null,
              geofenceId: e.draft.geofenceId ?? null,
              attributes: toJson(e.draft.attributes ?? {}),
            }));
            for (let i = 0; i < rows.length; i += CHUNK) {
              const chunk = rows.slice(i, i + CHUNK);
              const ids = await trx.insertInto('events').values(chunk).returning('id').execute();
              ids.forEach((r, j) =>
                events.push({
                  ...chunk[j],
                  id: Number(r.id),
                  attributes: request.events[i + j].draft.attributes ?? {},
                }),
              );
            }
          }
          for (const d of request.devices) {
            await trx
              .updateTable('devices')
              .set({ positionId: positionIds[d.positionIndex], lastUpdate: d.lastUpdate, status: 'online' })
              .where('id', '=', d.id)
              .execute();
          }
          out.push({ positionIds, events });
        }
        return out;
      });
      batch.forEach((p, i) => p.resolve(results[i]));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}
