/**
 * The per-vehicle calls of document 3 §7 (`maintenance`, `cost`, `document`), one shape for the three:
 * GET list, GET one, POST create (or update when the body has an id: "same path for save"), PUT update,
 * DELETE by path or by body id. Every call checks the permission and that the user sees the vehicle.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import type { Services } from '../../services/context';
import type { Db } from '../../db/database';
import type { Scope } from '../../auth/policy';
import type { Selectable } from 'kysely';
import type { Checked } from '@frota/core';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { managementScope, userToday, visibleVehicle, type ManagedVehicle } from './access';
import { periodOf, periodQuery, type Period } from './period';
import { itemParams, messageAnswer, vehicleParams } from './schemas';

export interface Context {
  db: Db;
  scope: Scope;
  vehicle: ManagedVehicle;
  today: string;
}

export interface Resource {
  /** path segment after /report/api.php/ */
  path: string;
  what: string;
  answer: ZodType;
  bodyDescription: string;
  bodyLimit?: number;
  list(c: Context, period: Period): Promise<unknown[]>;
  /** the row as JSON, or 404 */
  get(c: Context, id: number): Promise<unknown>;
  create(c: Context, body: Record<string, unknown>): Promise<number>;
  /** 404 when the row is not the vehicle's */
  update(c: Context, id: number, body: Record<string, unknown>): Promise<void>;
  remove(c: Context, id: number): Promise<void>;
}

/** A core validator's values, or a 400 with its Portuguese message (document 3 §5). */
export function accepted<T>(checked: Checked<T>): T {
  if (!checked.ok) throw badRequest(checked.message);
  return checked.value;
}

/** A row of the context vehicle by id (404 when it is another vehicle's or none). */
export async function vehicleRow<T extends 'costs' | 'maintenances'>(
  c: Context,
  table: T,
  id: number,
): Promise<Selectable<Database[T]>> {
  const found = await c.db.kysely
    .selectFrom(table as 'costs')
    .selectAll()
    .where('id', '=', id)
    .where('deviceId', '=', c.vehicle.id)
    .executeTakeFirst();
  if (!found) throw notFound();
  return found as unknown as Selectable<Database[T]>;
}

const BASE = '/report/api.php';
const body = z.looseObject({});
// a DELETE without a body arrives as null: the id is then read from the query (issue 33)
const deleteBody = z.object({ id: z.coerce.number().int().positive().optional() }).nullish();
const deleteQuery = z.object({ id: z.coerce.number().int().positive().optional() });

export function resourceRoutes(app: FastifyInstance, services: Services, r: Resource): void {
  const tags = ['management'];
  const refused = {
    400: messageAnswer.describe('a validation message of document 3 §5 (Portuguese)'),
    403: messageAnswer.describe(
      'missing permission management.summary, a temporary or (writes) read-only user',
    ),
    404: messageAnswer.describe('no such vehicle or row among the vehicles the user sees'),
  };
  const context = async (req: FastifyRequest, write: boolean): Promise<Context> => {
    const scope = await managementScope(services, req, write);
    const { vehicleId } = req.params as { vehicleId: number };
    const vehicle = await visibleVehicle(services.db, scope, vehicleId);
    return { db: services.db, scope, vehicle, today: userToday(scope) };
  };
  const limit = r.bodyLimit ? { bodyLimit: r.bodyLimit } : {};

  app.get(
    `${BASE}/${r.path}/:vehicleId`,
    {
      schema: {
        tags,
        summary: `The ${r.what} list of a vehicle (permission management.summary)`,
        params: vehicleParams,
        querystring: periodQuery,
        response: { 200: z.array(r.answer), ...refused },
      },
    },
    async (req) => r.list(await context(req, false), periodOf(req.query as { from?: string; to?: string })),
  );

  app.get(
    `${BASE}/${r.path}/:vehicleId/:id`,
    {
      schema: {
        tags,
        summary: `One ${r.what} of a vehicle`,
        params: itemParams,
        response: { 200: r.answer, ...refused },
      },
    },
    async (req) => r.get(await context(req, false), (req.params as { id: number }).id),
  );

  app.post(
    `${BASE}/${r.path}/:vehicleId`,
    {
      ...limit,
      schema: {
        tags,
        summary: `Add a ${r.what} to a vehicle (with an id in the body: update it)`,
        description: r.bodyDescription,
        params: vehicleParams,
        body,
        response: { 200: r.answer, ...refused },
      },
    },
    async (req) => {
      const c = await context(req, true);
      const input = req.body as Record<string, unknown>;
      if (input.id != null && input.id !== '' && input.id !== 0) {
        const id = Number(input.id);
        if (!Number.isInteger(id) || id <= 0) throw badRequest('id inválido');
        await r.update(c, id, input);
        return r.get(c, id);
      }
      return r.get(c, await r.create(c, input));
    },
  );

  app.put(
    `${BASE}/${r.path}/:vehicleId/:id`,
    {
      ...limit,
      schema: {
        tags,
        summary: `Update a ${r.what} of a vehicle`,
        description: r.bodyDescription,
        params: itemParams,
        body,
        response: { 200: r.answer, ...refused },
      },
    },
    async (req) => {
      const c = await context(req, true);
      const { id } = req.params as { id: number };
      await r.update(c, id, req.body as Record<string, unknown>);
      return r.get(c, id);
    },
  );

  const remove = async (req: FastifyRequest, id: number | undefined) => {
    const c = await context(req, true);
    if (!id) throw badRequest('id em falta');
    await r.remove(c, id);
  };

  app.delete(
    `${BASE}/${r.path}/:vehicleId/:id`,
    {
      schema: {
        tags,
        summary: `Delete a ${r.what} of a vehicle`,
        params: itemParams,
        response: { 204: z.null().describe('deleted'), ...refused },
      },
    },
    async (req, reply) => {
      await remove(req, (req.params as { id: number }).id);
      return reply.code(204).send();
    },
  );

  app.delete(
    `${BASE}/${r.path}/:vehicleId`,
    {
      schema: {
        tags,
        summary: `Delete a ${r.what} of a vehicle (id in the body or the query)`,
        params: vehicleParams,
        querystring: deleteQuery,
        body: deleteBody,
        response: { 204: z.null().describe('deleted'), ...refused },
      },
    },
    async (req, reply) => {
      const id = (req.body as { id?: number } | undefined)?.id ?? (req.query as { id?: number }).id;
      await remove(req, id);
      return reply.code(204).send();
    },
  );
}
