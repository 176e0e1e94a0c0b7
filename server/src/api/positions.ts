/** GET /api/positions (latest, history, by id), GET /api/events, PUT /api/devices/{id}/accumulators. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { accumulatorsInput } from '@frota/core';
import type { Services } from '../services/context';
import { assertCanWrite, requireScope } from '../auth/guard';
import { canSee, whereVisible } from '../auth/policy';
import { PrivacyFilter } from '../auth/privacy';
import { badRequest, forbidden, notFound } from '../errors';
import { historyWindow } from '../auth/historyWindow';
import { latestPositionRows } from './latestPositions';
import { eventJson, positionJson } from '../db/rows';
import { parseJson, toJson } from '../db/mapping';

const MAX_HISTORY_ROWS = 100_000;

const time = z.string().refine((v) => Number.isFinite(Date.parse(v)), 'invalid date');

export function positionRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const k = db.kysely;

  app.get(
    '/api/positions',
    {
      schema: {
        tags: ['positions'],
        summary:
          'Latest position of every visible device; or a device history with deviceId, from, to; or by id',
        querystring: z.object({
          deviceId: z.coerce.number().int().positive().optional(),
          from: time.optional(),
          to: time.optional(),
          id: z
            .union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive())])
            .optional(),
        }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const q = req.query as { deviceId?: number; from?: string; to?: string; id?: number | number[] };
      if (q.id !== undefined) {
        const ids = Array.isArray(q.id) ? q.id : [q.id];
        const query = whereVisible(
          k.selectFrom('positions').selectAll().where('id', 'in', ids),
          'deviceId',
          db,
          scope,
          'devices',
        );
        const rows = (await query.execute()).map(positionJson);
        const privacy = await PrivacyFilter.for(db, scope.user, [...new Set(rows.map((r) => r.deviceId))]);
        return rows.map((r) => privacy.apply(r));
      }
      if (q.deviceId !== undefined) {
        if (!(await canSee(db, scope, 'devices', q.deviceId))) throw notFound();
        if (!q.from || !q.to) throw badRequest('from and to are required with deviceId');
        const [from, to] = historyWindow(scope, Date.parse(q.from), Date.parse(q.to));
        if (from > to) return [];
        const rows = await k
          .selectFrom('positions')
          .selectAll()
          .where('deviceId', '=', q.deviceId)
          .where('fixTime', '>=', from)
          .where('fixTime', '<=', to)
          .orderBy('fixTime')
          .limit(MAX_HISTORY_ROWS)
          .execute();
        const privacy = await PrivacyFilter.for(db, scope.user, [q.deviceId]);
        return rows.map((r) => privacy.apply(positionJson(r)));
      }
      const privacy = await PrivacyFilter.for(db, scope.user);
      return (await latestPositionRows(db, scope)).map((r) => privacy.apply(positionJson(r)));
    },
  );

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Events of visible devices in a period (default: the last 24 hours)',
        querystring: z.object({
          deviceId: z.coerce.number().int().positive().optional(),
          from: time.optional(),
          to: time.optional(),
          limit: z.coerce.number().int().min(1).max(10000).default(500),
        }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const q = req.query as { deviceId?: number; from?: string; to?: string; limit: number };
      const to = q.to ? Date.parse(q.to) : Date.now();
      const from = q.from ? Date.parse(q.from) : to - 24 * 3600 * 1000;
      let query = k
        .selectFrom('events')
        .selectAll()
        .where('eventTime', '>=', from)
        .where('eventTime', '<=', to);
      query = whereVisible(query, 'deviceId', db, scope, 'devices');
      if (q.deviceId) query = query.where('deviceId', '=', q.deviceId);
      const events = (await query.orderBy('eventTime', 'desc').limit(q.limit).execute()).map(eventJson);
      const privacy = await PrivacyFilter.for(db, scope.user, [...new Set(events.map((e) => e.deviceId))]);
      return privacy.events(db, events);
    },
  );

  app.get(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'One event',
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const row = await k
        .selectFrom('events')
        .selectAll()
        .where('id', '=', (req.params as { id: number }).id)
        .executeTakeFirst();
      if (!row || !(await canSee(db, scope, 'devices', Number(row.deviceId)))) throw notFound();
      const privacy = await PrivacyFilter.for(db, scope.user, [Number(row.deviceId)]);
      return (await privacy.events(db, [eventJson(row)]))[0];
    },
  );

  app.put(
    '/api/devices/:id/accumulators',
    {
      schema: {
        tags: ['devices'],
        summary:
          'Correct odometer (totalDistance, metres) and engine hours (milliseconds); needs userLimit != 0',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: accumulatorsInput,
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      const body = req.body as z.infer<typeof accumulatorsInput>;
      if (body.deviceId !== id) throw badRequest('deviceId does not match the address');
      if (!(await canSee(db, scope, 'devices', id))) throw notFound();
      assertCanWrite(scope);
      if (!scope.admin && scope.user.userLimit === 0) throw forbidden('Manager access required');
      const values: Record<string, number> = {};
      if (body.totalDistance !== undefined) values.totalDistance = Math.round(body.totalDistance);
      if (body.hours !== undefined) values.hours = Math.round(body.hours);
      await k.transaction().execute(async (trx) => {
        const device = await trx
          .selectFrom('devices')
          .select(['attributes', 'positionId'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('devices')
          .set({ attributes: toJson({ ...parseJson(device.attributes), ...values }) })
          .where('id', '=', id)
          .execute();
        if (device.positionId) {
          const pos = await trx
            .selectFrom('positions')
            .select('attributes')
            .where('id', '=', Number(device.positionId))
            .executeTakeFirst();
          if (pos)
            await trx
              .updateTable('positions')
              .set({ attributes: toJson({ ...parseJson(pos.attributes), ...values }) })
              .where('id', '=', Number(device.positionId))
              .execute();
          // the odometer and hour meter of a stored position changed: cached report days recompute
          if (pos) await sql`DELETE FROM compact_cache WHERE device_id = ${id}`.execute(trx);
        }
      });
      return reply.code(204).send();
    },
  );
}
