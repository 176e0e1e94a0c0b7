/**
 * The calls of a client's own rows (refill stations, refill operators): list, one by id, add, edit and
 * remove, each through the refill permissions, the client's rows only (404 otherwise), writes refused to
 * read-only users and, where the rows say so, to users who are not managers (userLimit). Editing or removing
 * a row also needs the power to manage the user who created it (`assertManagesOwner`, 403): the client's
 * rows are shared for reading, not for rewriting.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Scope } from '../../auth/policy';
import type { Services } from '../../services/context';
import { assertManager, assertManagesOwner, assertRefillWrite, clientUserIds, refillScope } from './access';
import { BASE } from './refillRoutes';
import { idParams, messageAnswer, successAnswer } from './schemas';

type Owners = number[] | undefined;

interface Described {
  summary: string;
  description?: string;
}

export interface ClientRows {
  /** `refill_stations`: the list and the row paths */
  path: string;
  /** another path of one row (`refill_station/{id}`) */
  alias?: string;
  tags: string[];
  row: ZodType;
  body: ZodType;
  /** reads need module.refills itself, not only the management permission */
  centreOnly: boolean;
  /** writes need a manager (userLimit set) */
  managersOnly: boolean;
  docs: { list: Described; one: Described; create: Described; update: Described; remove: Described };
  list(owners: Owners): Promise<unknown[]>;
  /** the row (with the user who created it), or 404 when it is not the client's */
  find(owners: Owners, id: number): Promise<{ userId: number | null }>;
  create(scope: Scope, owners: Owners, body: Record<string, unknown>): Promise<number>;
  update(owners: Owners, id: number, body: Record<string, unknown>): Promise<void>;
  remove(id: number): Promise<void>;
}

const refused = {
  400: messageAnswer,
  403: messageAnswer.describe(
    'missing permission, read-only, not a manager (userLimit) for writes, or (edit, remove) the row was ' +
      'created by a user the caller does not manage',
  ),
  404: messageAnswer.describe('not among the client’s rows'),
};

export function clientRowsRoutes(app: FastifyInstance, services: Services, rows: ClientRows): void {
  const { db } = services;
  const reader = async (req: FastifyRequest) => {
    const scope = await refillScope(services, req, rows.centreOnly);
    return clientUserIds(db, scope);
  };
  const writer = async (req: FastifyRequest) => {
    const scope = await refillScope(services, req, true);
    assertRefillWrite(scope, true);
    if (rows.managersOnly) assertManager(scope);
    return { scope, owners: await clientUserIds(db, scope) };
  };
  const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
  const bodyOf = (req: FastifyRequest) => req.body as Record<string, unknown>;
  const schema = (docs: Described, extra: Record<string, unknown>) => ({
    schema: { tags: rows.tags, ...docs, ...extra },
  });
  const byId = schema(rows.docs.one, { params: idParams, response: { 200: rows.row, ...refused } });

  app.get(
    `${BASE}/${rows.path}`,
    schema(rows.docs.list, { response: { 200: rows.row.array(), ...refused } }),
    async (req) => rows.list(await reader(req)),
  );
  const one = async (req: FastifyRequest) => rows.find(await reader(req), idOf(req));
  app.get(`${BASE}/${rows.path}/:id`, byId, one);
  if (rows.alias) app.get(`${BASE}/${rows.alias}/:id`, byId, one);

  app.post(
    `${BASE}/${rows.path}`,
    schema(rows.docs.create, { body: rows.body, response: { 200: rows.row, ...refused } }),
    async (req) => {
      const { scope, owners } = await writer(req);
      return rows.find(owners, await rows.create(scope, owners, bodyOf(req)));
    },
  );
  app.put(
    `${BASE}/${rows.path}/:id`,
    schema(rows.docs.update, { params: idParams, body: rows.body, response: { 200: rows.row, ...refused } }),
    async (req) => {
      const { scope, owners } = await writer(req);
      assertManagesOwner(scope, (await rows.find(owners, idOf(req))).userId);
      await rows.update(owners, idOf(req), bodyOf(req));
      return rows.find(owners, idOf(req));
    },
  );
  app.delete(
    `${BASE}/${rows.path}/:id`,
    schema(rows.docs.remove, { params: idParams, response: { 200: successAnswer, ...refused } }),
    async (req) => {
      const { scope, owners } = await writer(req);
      assertManagesOwner(scope, (await rows.find(owners, idOf(req))).userId);
      await rows.remove(idOf(req));
      return { success: true as const };
    },
  );
}
