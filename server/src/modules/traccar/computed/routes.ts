/**
 * Traccar's computed attributes (issue 23): GET/POST /api/attributes/computed, GET/PUT/DELETE
 * /api/attributes/computed/{id} and POST /api/attributes/computed/test?deviceId=, in Traccar's Attribute
 * shape. Links to users, devices and groups go through /api/permissions with `attributeId`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { requireScope } from '../../../auth/guard';
import { canSee } from '../../../auth/policy';
import { parseJson, toBool } from '../../../db/mapping';
import { badRequest, notFound } from '../../../errors';
import { assertAttributeAdmin, visibleAttribute, visibleAttributes } from './attributeAccess';
import { attributeJson, attributeValues, parseAttribute, traccarAttribute } from './attributeRows';
import { typedResult } from '../../../processing/computed/attributeResult';
import { compileExpression, type Value } from '../../../processing/computed/expressionLanguage';
import { scopeOf } from '../../../processing/computed/positionScope';

const tags = ['attributes'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({
  all: z.coerce.boolean().optional(),
  userId: z.coerce.number().int().positive().optional(),
  deviceId: z.coerce.number().int().positive().optional(),
  groupId: z.coerce.number().int().positive().optional(),
  excludeAttributes: z.coerce.boolean().optional(),
  keyword: z.string().optional(),
  limit: z.coerce.number().int().nonnegative().optional(),
  offset: z.coerce.number().int().nonnegative().optional(),
});
const testQuery = z.object({ deviceId: z.coerce.number().int().positive() });

export function traccarComputedRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const k = db.kysely;

  app.get(
    '/api/attributes/computed',
    {
      schema: {
        tags,
        summary: 'Computed attributes the user sees',
        description:
          'userId, deviceId, groupId: those linked to that user, device or group (each must be visible). ' +
          'Administrators see every attribute; other users those linked to them or to users they manage.',
        querystring: listQuery,
        response: { 200: z.array(traccarAttribute) },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      if (scope.temporary) return [];
      const q = req.query as z.infer<typeof listQuery>;
      let rows = visibleAttributes(db, scope);
      if (q.userId) {
        if (!scope.admin && !scope.userIds.includes(q.userId)) throw notFound(`userId ${q.userId} not found`);
        const linked = k
          .selectFrom('userComputedAttribute')
          .select('attributeId')
          .where('userId', '=', q.userId);
        rows = rows.where('id', 'in', linked);
      }
      if (q.deviceId) {
        if (!(await canSee(db, scope, 'devices', q.deviceId)))
          throw notFound(`deviceId ${q.deviceId} not found`);
        const linked = k
          .selectFrom('deviceComputedAttribute')
          .select('attributeId')
          .where('deviceId', '=', q.deviceId);
        rows = rows.where('id', 'in', linked);
      }
      if (q.groupId) {
        if (!(await canSee(db, scope, 'groups', q.groupId))) throw notFound(`groupId ${q.groupId} not found`);
        const linked = k
          .selectFrom('groupComputedAttribute')
          .select('attributeId')
          .where('groupId', '=', q.groupId);
        rows = rows.where('id', 'in', linked);
      }
      if (q.keyword) rows = rows.where('description', 'like', `%${q.keyword.replace(/[%_\\]/g, '')}%`);
      let ordered = rows.orderBy('description').orderBy('id');
      if (q.limit) ordered = ordered.limit(q.limit).offset(q.offset ?? 0);
      return (await ordered.execute()).map((r) => {
        const json = attributeJson(r as Record<string, unknown>);
        return q.excludeAttributes ? { ...json, attributes: {} } : json;
      });
    },
  );

  app.get(
    '/api/attributes/computed/:id',
    {
      schema: {
        tags,
        summary: 'One computed attribute',
        params: idParams,
        response: { 200: traccarAttribute },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      return attributeJson(await visibleAttribute(db, scope, id));
    },
  );

  app.post(
    '/api/attributes/computed',
    {
      schema: {
        tags,
        summary: 'Create a computed attribute (administrators); linked to its creator',
        body: z.looseObject({}),
        response: { 200: traccarAttribute },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertAttributeAdmin(scope);
      const values = attributeValues(db, parseAttribute(req.body));
      const id = await k.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('computedAttributes')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('userComputedAttribute')
          .values({ userId: scope.user.id, attributeId: Number(row.id) })
          .execute();
        return Number(row.id);
      });
      services.changes.emit('links');
      return attributeJson(await visibleAttribute(db, scope, id));
    },
  );

  app.put(
    '/api/attributes/computed/:id',
    {
      schema: {
        tags,
        summary: 'Update a computed attribute (administrators)',
        params: idParams,
        body: z.looseObject({}),
        response: { 200: traccarAttribute },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      await visibleAttribute(db, scope, id);
      assertAttributeAdmin(scope);
      const input = parseAttribute(req.body);
      if (input.id !== undefined && input.id !== 0 && input.id !== id)
        throw badRequest('id in body does not match the address');
      await k
        .updateTable('computedAttributes')
        .set(attributeValues(db, input))
        .where('id', '=', id)
        .execute();
      services.changes.emit('links');
      return attributeJson(await visibleAttribute(db, scope, id));
    },
  );

  app.delete(
    '/api/attributes/computed/:id',
    {
      schema: {
        tags,
        summary: 'Delete a computed attribute (administrators) and its links',
        params: idParams,
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      await visibleAttribute(db, scope, id);
      assertAttributeAdmin(scope);
      await k.transaction().execute(async (trx) => {
        for (const table of [
          'userComputedAttribute',
          'deviceComputedAttribute',
          'groupComputedAttribute',
        ] as const)
          await trx.deleteFrom(table).where('attributeId', '=', id).execute();
        await trx.deleteFrom('computedAttributes').where('id', '=', id).execute();
      });
      services.changes.emit('links');
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/attributes/computed/test',
    {
      schema: {
        tags,
        summary: "Evaluate a computed attribute on the device's latest position (administrators)",
        description:
          'Answers the value: a number or boolean as JSON, a string as text; 204 when the result is null. ' +
          '400 when the expression does not compile or fails on that position.',
        querystring: testQuery,
        body: z.looseObject({}),
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      assertAttributeAdmin(scope);
      const { deviceId } = req.query as z.infer<typeof testQuery>;
      if (!(await canSee(db, scope, 'devices', deviceId))) throw notFound(`deviceId ${deviceId} not found`);
      const input = parseAttribute(req.body);
      const device = await k
        .selectFrom('devices')
        .selectAll()
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow();
      const position = device.positionId
        ? await k
            .selectFrom('positions')
            .selectAll()
            .where('id', '=', Number(device.positionId))
            .executeTakeFirst()
        : undefined;
      if (!position) throw notFound(`deviceId ${deviceId} has no position`);
      const scopeVars = scopeOf(
        {
          id: Number(position.id),
          deviceId,
          protocol: position.protocol ?? '',
          serverTime: Number(position.serverTime),
          deviceTime: Number(position.deviceTime),
          fixTime: Number(position.fixTime),
          valid: toBool(position.valid),
          latitude: Number(position.latitude),
          longitude: Number(position.longitude),
          altitude: Number(position.altitude),
          speed: Number(position.speed),
          course: Number(position.course),
          accuracy: Number(position.accuracy),
          address: position.address,
          attributes: parseJson(position.attributes),
        },
        {
          id: deviceId,
          name: device.name,
          uniqueId: device.uniqueId,
          groupId: device.groupId == null ? null : Number(device.groupId),
          attributes: parseJson(device.attributes),
        },
      );
      let result: number | boolean | string | null;
      try {
        const value: Value = compileExpression(input.expression).evaluate(scopeVars);
        result = typedResult(input.type, value);
      } catch (err) {
        throw badRequest(`expression: ${(err as Error).message}`);
      }
      if (result === null) return reply.code(204).send();
      if (typeof result === 'string') return reply.type('text/plain; charset=utf-8').send(result);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
    },
  );
}
