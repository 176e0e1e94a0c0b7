/**
 * The entity API (Traccar shapes): GET/POST /api/{kind}, GET/PUT/DELETE /api/{kind}/{id}, with Traccar's
 * list parameters (entityFilters.ts). Writes are audited. Rules live in services; this file only wires them.
 */
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import {
  deviceInput,
  driverInput,
  geofenceInput,
  groupInput,
  notificationInput,
  userInput,
  type UserInput,
} from '@frota/core';
import type { Services } from '../services/context';
import type { EntityKind } from '../auth/policy';
import { assertCanWrite, assertNotTemporary, requireScope } from '../auth/guard';
import { badRequest, forbidden } from '../errors';
import {
  MAPPERS,
  deleteRow,
  getRow,
  insertRow,
  readRow,
  isUniqueViolation,
  updateRow,
} from '../services/entities';
import { recordAction, OBJECT_TYPES } from '../auth/audit';
import { credentialsChanged } from '../auth/credentials';
import { filteredRows, listQuery, withoutAttributes, type ListQuery } from './entityFilters';
import { deviceValues, driverValues, geofenceValues, notificationValues } from '../services/entityRules';
import { assertUserLimit, userValues } from '../auth/userRules';
import { deviceJson, userJson } from '../db/rows';
import { validateArea } from '@frota/core';
import { isTemporaryUser } from '@frota/core';
import { deviceSave, normaliseMaintenanceAttributes } from '../modules/management/deviceSettings';
import { notificationCalendarId } from '../modules/traccar/calendars/calendarStore';
import { mergePatch } from './mergePatch';
import { valuesOfParsed, type KindValues } from './kindValues';

type Row = Record<string, unknown>;

interface KindDef {
  kind: EntityKind;
  input: ZodType;
  /** permissions that allow writing (any of them) */
  write: (body: Row | undefined) => string[];
  /** temporary users may list this kind */
  temporaryRead: boolean;
  values: KindValues;
}

const KINDS: KindDef[] = [
  {
    kind: 'devices',
    input: deviceInput,
    write: () => ['settings.devices'],
    temporaryRead: true,
    values: (_s, _scope, input: z.infer<typeof deviceInput>) => deviceValues(input),
  },
  {
    kind: 'groups',
    input: groupInput,
    write: () => ['settings.groups'],
    temporaryRead: true,
    values: (_s, _scope, input: z.infer<typeof groupInput>) => ({ ...input }),
  },
  {
    kind: 'drivers',
    input: driverInput,
    write: () => ['settings.drivers'],
    temporaryRead: true,
    values: (s, scope, input: z.infer<typeof driverInput>, existing) =>
      driverValues(s.db, scope, input, existing),
  },
  {
    kind: 'geofences',
    input: geofenceInput,
    write: () => ['settings.geofences', 'map.online'],
    temporaryRead: true,
    values: (_s, _scope, input: z.infer<typeof geofenceInput>) => geofenceValues(input, validateArea),
  },
  {
    kind: 'notifications',
    input: notificationInput,
    write: () => ['settings.notifications'],
    temporaryRead: false,
    values: async (s, scope, input: z.infer<typeof notificationInput>) => ({
      ...notificationValues(input),
      calendarId: await notificationCalendarId(s.db, scope, input.calendarId),
    }),
  },
  {
    kind: 'users',
    input: userInput,
    write: (body) =>
      isTemporaryUser({ email: String(body?.email ?? '') })
        ? ['settings.temporary_links']
        : ['settings.users'],
    temporaryRead: false,
    values: (s, scope, input: UserInput, existing) =>
      userValues(s.db, scope, input, existing ? userJson(existing) : undefined),
  },
];

const idParams = z.object({ id: z.coerce.number().int().positive() });
const object = (kind: EntityKind, id: number) => ({ objectType: OBJECT_TYPES[kind], objectId: id });

function parseBody(def: KindDef, body: unknown): Row {
  const parsed = def.input.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(`${first.path.join('.') || 'body'}: ${first.message}`);
  }
  return parsed.data as Row;
}

export function entityRoutes(app: FastifyInstance, services: Services) {
  const { db, live } = services;

  for (const def of KINDS) {
    const { kind } = def;
    const map = MAPPERS[kind];
    const tags = [kind];

    app.get(
      `/api/${kind}`,
      { schema: { tags, summary: `List visible ${kind}`, querystring: listQuery } },
      async (req) => {
        const scope = await requireScope(services, req);
        if (scope.temporary && !def.temporaryRead) throw forbidden();
        const query = req.query as ListQuery;
        const items = (await filteredRows(db, scope, kind, query)).map(map);
        return query.excludeAttributes ? items.map(withoutAttributes) : items;
      },
    );

    app.get(
      `/api/${kind}/:id`,
      { schema: { tags, summary: `One ${kind} item`, params: idParams } },
      async (req) => {
        const scope = await requireScope(services, req);
        const { id } = req.params as { id: number };
        if (scope.temporary && !def.temporaryRead && !(kind === 'users' && id === scope.user.id))
          throw forbidden();
        return map(await getRow(db, scope, kind, id));
      },
    );

    app.post(
      `/api/${kind}`,
      { schema: { tags, summary: `Create a ${kind} item`, body: z.looseObject({}) } },
      async (req) => {
        const scope = await requireScope(services, req);
        let input = parseBody(def, req.body);
        assertCanWrite(scope, def.write(input));
        if (kind === 'devices')
          input = { ...input, attributes: normaliseMaintenanceAttributes(input.attributes as Row) };
        if (kind === 'users') await assertUserLimit(db, scope);
        const values = await valuesOfParsed(def.values, services, scope, input);
        try {
          const id = await insertRow(db, scope, kind, values);
          if (kind !== 'users') await live.refreshScopes();
          services.changes.emit(kind);
          await recordAction(db, req, { userId: scope.user.id, actionType: 'create', ...object(kind, id) });
          return map(await readRow(db, kind, id));
        } catch (err) {
          if (isUniqueViolation(err))
            throw badRequest('Valor duplicado (já existe um item com este identificador)');
          throw err;
        }
      },
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: `/api/${kind}/:id`,
      schema: {
        tags,
        summary: `Update a ${kind} item (PUT: the whole item; PATCH: only the fields sent)`,
        description:
          'PATCH takes a JSON Merge Patch (RFC 7396): objects such as attributes merge key by key and a ' +
          'null removes a key; everything else stays as stored now, so a partial edit never reverts what ' +
          'was changed elsewhere since the screen loaded (issue 33). Same rules and answers as PUT.',
        params: idParams,
        body: z.looseObject({}),
      },
      handler: async (req) => {
        const scope = await requireScope(services, req);
        const { id } = req.params as { id: number };
        const existing = await getRow(db, scope, kind, id);
        const body = req.method === 'PATCH' ? mergePatch(map(existing), req.body) : req.body;
        let input = parseBody(def, body);
        if (input.id !== undefined && input.id !== id)
          throw badRequest('id in body does not match the address');
        let permission = def.write(input);
        if (kind === 'devices') {
          // issue 17: the maintenance settings are saved here, also by management.summary users
          const save = deviceSave(scope, deviceJson(existing), input);
          input = parseBody(def, save.input);
          permission = [save.permission];
        }
        const self = kind === 'users' && id === scope.user.id;
        if (self) assertCanWrite(scope);
        else assertCanWrite(scope, permission);
        const values = await valuesOfParsed(def.values, services, scope, input, existing);
        try {
          await updateRow(db, kind, id, values);
        } catch (err) {
          if (isUniqueViolation(err))
            throw badRequest('Valor duplicado (já existe um item com este identificador)');
          throw err;
        }
        if (kind === 'users') await credentialsChanged(db, id, existing, values, scope.sessionId);
        if (kind === 'devices' || kind === 'groups') await live.refreshScopes();
        services.changes.emit(kind);
        await recordAction(db, req, { userId: scope.user.id, actionType: 'edit', ...object(kind, id) });
        return map(await readRow(db, kind, id));
      },
    });

    app.delete(
      `/api/${kind}/:id`,
      { schema: { tags, summary: `Delete a ${kind} item`, params: idParams } },
      async (req, reply) => {
        const scope = await requireScope(services, req);
        const { id } = req.params as { id: number };
        const existing = await getRow(db, scope, kind, id);
        assertNotTemporary(scope);
        assertCanWrite(scope, def.write(existing));
        if (kind === 'users' && id === scope.user.id) throw badRequest('You cannot delete your own user');
        await deleteRow(db, kind, id);
        await live.refreshScopes();
        // the ingest's caches (drivers by card, zones, device states) must not keep a deleted row
        services.changes.emit(kind);
        await recordAction(db, req, { userId: scope.user.id, actionType: 'remove', ...object(kind, id) });
        return reply.code(204).send();
      },
    );
  }
}
