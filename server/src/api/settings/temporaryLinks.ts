/**
 * Temporary links (document 1 §3, §5): read-only `temp_` users with their vehicles and zones, saved in one
 * transaction. GET/POST /api/settings/temporary_links, GET/PUT/DELETE /api/settings/temporary_links/{id};
 * bodies `{ name, expirationTime, attributes: { allowHistory, allowHistoryFrom, allowHistoryTo },
 * deviceIds, geofenceIds }`. A link is reachable by administrators, by whoever sees its user, and by the
 * one who created it (even without user management).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isTemporaryUser, userInput } from '@frota/core';
import type { Services } from '../../services/context';
import type { Scope } from '../../auth/policy';
import { assertCanWrite, assertNotTemporary, assertPermission, requireScope } from '../../auth/guard';
import { badRequest, notFound } from '../../errors';
import { deleteRow } from '../../services/entities';
import { userJson } from '../../db/rows';
import { temporaryLinkInput, type TemporaryLinkBody } from '../../auth/userRules';
import { saveWithLinks } from './linkedSave';
import { visibleLinks } from './linkedStore';

type Row = Record<string, unknown>;
const PERMISSION = 'settings.temporary_links';
const idParams = z.object({ id: z.coerce.number().int().positive() });
const ids = (value: unknown, field: string): number[] => {
  const parsed = z.array(z.number().int().positive()).max(100000).optional().safeParse(value);
  if (!parsed.success) throw badRequest(`${field}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data ?? [];
};

/** The temporary users the scope may manage. */
async function reachableLinks(services: Services, scope: Scope): Promise<Row[]> {
  const k = services.db.kysely;
  // LIKE reads `_` as any character: the exact prefix is checked below.
  let q = k.selectFrom('users').selectAll().where('email', 'like', 'temp%');
  if (!scope.admin) {
    q = q.where((eb) =>
      eb.or([
        eb('id', 'in', scope.userIds),
        eb('id', 'in', eb.selectFrom('userUser').select('managedUserId').where('userId', '=', scope.user.id)),
      ]),
    );
  }
  const rows = (await q.orderBy('id').execute()) as Row[];
  return rows.filter((r) => isTemporaryUser({ email: String(r.email) }));
}

async function findLink(services: Services, scope: Scope, id: number): Promise<Row> {
  const row = (await reachableLinks(services, scope)).find((r) => Number(r.id) === id);
  if (!row) throw notFound();
  return row;
}

async function linkJson(services: Services, scope: Scope, row: Row) {
  const user = userJson(row);
  const links = await visibleLinks(services.db, scope, 'users', user.id);
  return { ...user, deviceIds: links.devices ?? [], geofenceIds: links.geofences ?? [] };
}

export function temporaryLinkRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['settings'];
  const base = '/api/settings/temporary_links';
  const reader = async (req: Parameters<typeof requireScope>[1]) => {
    const scope = await requireScope(services, req);
    assertNotTemporary(scope);
    assertPermission(scope, PERMISSION);
    return scope;
  };

  const save = async (scope: Scope, id: number | undefined, body: TemporaryLinkBody & Row) => {
    assertCanWrite(scope, PERMISSION);
    const existing = id === undefined ? undefined : await findLink(services, scope, id);
    const parsed = userInput.safeParse(
      temporaryLinkInput(scope, body, existing ? userJson(existing) : undefined),
    );
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw badRequest(`${first.path.join('.')}: ${first.message}`);
    }
    const input = parsed.data as Row;
    const links = {
      devices: ids(body.deviceIds, 'deviceIds'),
      geofences: ids(body.geofenceIds, 'geofenceIds'),
    };
    const saved = (await saveWithLinks(services, scope, 'users', id, { links }, { input, existing })) as Row;
    return linkJson(services, scope, await findLink(services, scope, Number(saved.id)));
  };

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Temporary links the caller manages, each with the vehicles and zones it shares',
      },
    },
    async (req) => {
      const scope = await reader(req);
      // a link's vehicles and zones as far as the caller sees them (the list says what each link shows)
      const out = [];
      for (const row of await reachableLinks(services, scope)) out.push(await linkJson(services, scope, row));
      return out;
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, summary: 'One temporary link', params: idParams } },
    async (req) => {
      const scope = await reader(req);
      return linkJson(services, scope, await findLink(services, scope, (req.params as { id: number }).id));
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a temporary link with its vehicles and zones',
        body: z.looseObject({}),
      },
    },
    async (req) => save(await reader(req), undefined, req.body as TemporaryLinkBody & Row),
  );

  app.put(
    `${base}/:id`,
    {
      schema: { tags, summary: 'Change a temporary link', params: idParams, body: z.looseObject({}) },
    },
    async (req) =>
      save(await reader(req), (req.params as { id: number }).id, req.body as TemporaryLinkBody & Row),
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, summary: 'Remove a temporary link', params: idParams } },
    async (req, reply) => {
      const scope = await reader(req);
      assertCanWrite(scope, PERMISSION);
      const row = await findLink(services, scope, (req.params as { id: number }).id);
      await deleteRow(services.db, 'users', Number(row.id));
      await services.live.refreshScopes();
      return reply.code(204).send();
    },
  );
}
