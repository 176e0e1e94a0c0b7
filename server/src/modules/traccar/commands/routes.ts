/**
 * Traccar API (issue 23): saved commands (GET/POST /api/commands, GET/PUT/DELETE /api/commands/{id}),
 * the commands a vehicle can be sent (GET /api/commands/send), the types our protocols carry
 * (GET /api/commands/types) and sending (POST /api/commands/send). Links go through /api/permissions
 * ({userId|groupId|deviceId, commandId}); /api/maintenance is the management module's (issue 17).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertCanWrite, assertNotTemporary, requireScope } from '../../../auth/guard';
import { canSee, whereVisible, type Scope } from '../../../auth/policy';
import { getRow } from '../../../services/entities';
import { deviceJson } from '../../../db/rows';
import { boolAttr } from '../../../processing/deviceState';
import { badRequest, notFound } from '../../../errors';
import type { Db } from '../../../db/database';
import { COMMAND_TYPES, supportedTypes } from './commandTypes';
import {
  commandsOfDevice,
  listSavedCommands,
  savedCommandValues,
  visibleCommand,
  type SavedCommand,
} from './savedCommands';
import { assertMayCompose, dispatch, dispatchedJson, type ResolvedCommand } from './dispatch';
import { pageOf } from '../../../services/traccarLists/listOptions';

const command = z.object({
  id: z.number(),
  deviceId: z.number(),
  description: z.string(),
  type: z.string(),
  textChannel: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
});
const commandType = z.object({ type: z.string() });
const message = z.string();
const refused = { 400: message, 401: message, 403: message, 404: message };

const commandBody = z.looseObject({
  id: z.coerce.number().int().nonnegative().optional(),
  deviceId: z.coerce.number().int().nonnegative().optional(),
  description: z.string().max(128).optional(),
  type: z.string().max(128).optional(),
  textChannel: z.boolean().optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
type CommandBody = z.infer<typeof commandBody>;

const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const id = z.coerce.number().int().nonnegative();
const listQuery = z.object({
  all: flag,
  userId: id.optional(),
  deviceId: id.optional(),
  groupId: id.optional(),
  refresh: flag,
  excludeAttributes: flag,
  limit: id.optional(),
  offset: id.optional(),
  keyword: z.string().max(128).optional(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The protocol of the vehicle's last position (null when it never reported). */
async function deviceProtocol(db: Db, device: { id: number; positionId: number }): Promise<string | null> {
  if (!device.positionId) return null;
  const row = await db.kysely
    .selectFrom('positions')
    .select('protocol')
    .where('deviceId', '=', device.id)
    .where('id', '=', device.positionId)
    .executeTakeFirst();
  return row?.protocol ?? null;
}

async function visibleDevice(services: Services, scope: Scope, deviceId: number) {
  return deviceJson(await getRow(services.db, scope, 'devices', deviceId));
}

/** The saved fields of a body, checked as a command the user may compose. */
function savedFields(scope: Scope, body: CommandBody) {
  const type = body.type?.trim();
  if (!type) throw badRequest('type is required');
  const attributes = body.attributes ?? {};
  assertMayCompose(scope, type, attributes);
  return {
    description: body.description?.trim() || type,
    type,
    textChannel: body.textChannel ?? false,
    attributes,
  };
}

export function traccarCommandsRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['commands'];
  const smsEnabled = () => Boolean(services.config.smsUrl);

  app.get(
    '/api/commands',
    {
      schema: {
        tags,
        summary: 'Saved commands the user sees',
        description:
          'userId, deviceId, groupId: only those linked directly to that user, vehicle or group; keyword ' +
          'searches the description; sorted by description; limit and offset page; excludeAttributes ' +
          'leaves attributes empty. `all` and `refresh` change nothing: the list is always what the user ' +
          'may see (an administrator sees every command), read from the database.',
        querystring: listQuery,
        response: { 200: z.array(command), ...refused },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      const q = req.query as z.infer<typeof listQuery>;
      const rows = await listSavedCommands(db, scope, {
        userId: q.userId || undefined,
        deviceId: q.deviceId || undefined,
        groupId: q.groupId || undefined,
        keyword: q.keyword,
      });
      return pageOf(rows, q);
    },
  );

  app.get(
    '/api/commands/send',
    {
      schema: {
        tags,
        summary: 'Saved commands that can be sent to the vehicle now',
        description:
          'Those linked to the vehicle (directly or through its groups) that the user sees, and whose type ' +
          "the vehicle's protocol carries on their channel (a vehicle that never reported: custom only).",
        querystring: z.object({ deviceId: z.coerce.number().int().positive() }),
        response: { 200: z.array(command), ...refused },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      const device = await visibleDevice(services, scope, (req.query as { deviceId: number }).deviceId);
      const protocol = await deviceProtocol(db, device);
      const saved = await commandsOfDevice(db, scope, device);
      return saved.filter((c) =>
        (supportedTypes(protocol, c.textChannel, smsEnabled()) as string[]).includes(c.type),
      );
    },
  );

  app.get(
    '/api/commands/types',
    {
      schema: {
        tags,
        summary: 'Command types: of the vehicle (deviceId), of a protocol, or every type our protocols carry',
        description:
          'deviceId: what its protocol (of its last position) carries and this user may send to it (custom: ' +
          'administrators; engineStop/engineResume: global.block and has_immobilization); protocol: ' +
          'teltonika or osmand; textChannel=true: by SMS (custom, when FROTA_SMS_URL is set).',
        querystring: z.object({
          deviceId: id.optional(),
          protocol: z.string().max(64).optional(),
          textChannel: flag,
        }),
        response: { 200: z.array(commandType), ...refused },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      const q = req.query as { deviceId?: number; protocol?: string; textChannel?: boolean };
      const textChannel = q.textChannel ?? false;
      let types: string[];
      if (q.deviceId) {
        const device = await visibleDevice(services, scope, q.deviceId);
        types = supportedTypes(await deviceProtocol(db, device), textChannel, smsEnabled()).filter((type) => {
          try {
            assertMayCompose(scope, type, { data: 'x' });
          } catch {
            return false;
          }
          return type === 'custom' || boolAttr(device.attributes.has_immobilization) === true;
        });
      } else if (q.protocol) types = supportedTypes(q.protocol.toLowerCase(), textChannel, smsEnabled());
      else types = textChannel ? supportedTypes(null, true, smsEnabled()) : [...COMMAND_TYPES];
      return types.map((type) => ({ type }));
    },
  );

  app.get(
    '/api/commands/:id',
    {
      schema: {
        tags,
        summary: 'One saved command',
        params: idParams,
        response: { 200: command, ...refused },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      return visibleCommand(db, scope, (req.params as { id: number }).id);
    },
  );

  app.post(
    '/api/commands',
    {
      schema: {
        tags,
        summary: 'Save a command (linked to its creator)',
        description:
          'custom needs an administrator and attributes.data; engineStop/engineResume need global.block.',
        body: commandBody,
        response: { 200: command, ...refused },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertCanWrite(scope);
      const fields = savedFields(scope, req.body as CommandBody);
      const created = await db.kysely.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('savedCommands')
          .values(savedCommandValues(db, fields))
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('userCommand')
          .values({ userId: scope.user.id, commandId: Number(row.id) })
          .execute();
        return Number(row.id);
      });
      return visibleCommand(db, scope, created);
    },
  );

  app.put(
    '/api/commands/:id',
    {
      schema: {
        tags,
        summary: 'Update a saved command',
        params: idParams,
        body: commandBody,
        response: { 200: command, ...refused },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const { id: commandId } = req.params as { id: number };
      await visibleCommand(db, scope, commandId);
      assertCanWrite(scope);
      const body = req.body as CommandBody;
      if (body.id && body.id !== commandId) throw badRequest('id in body does not match the address');
      await db.kysely
        .updateTable('savedCommands')
        .set(savedCommandValues(db, savedFields(scope, body)))
        .where('id', '=', commandId)
        .execute();
      return visibleCommand(db, scope, commandId);
    },
  );

  app.delete(
    '/api/commands/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved command (and its links)',
        params: idParams,
        response: { 204: z.null(), ...refused },
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { id: commandId } = req.params as { id: number };
      await visibleCommand(db, scope, commandId);
      assertCanWrite(scope);
      await db.kysely.deleteFrom('savedCommands').where('id', '=', commandId).execute();
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/commands/send',
    {
      schema: {
        tags,
        summary: 'Send a command (saved: id; or type and attributes) to a vehicle, or to a group (groupId)',
        description:
          '200 with the command when the vehicle took it on its live connection (state answered with the ' +
          "vehicle's result, or sent); 202 with the queued command when it is not connected (it is sent when " +
          'it next reports), unless attributes.noQueue; with groupId, 202 with the list of queued commands.',
        querystring: z.object({ groupId: id.optional() }),
        body: commandBody,
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      assertCanWrite(scope);
      const body = req.body as CommandBody;
      const { groupId } = req.query as { groupId?: number };
      let resolved: ResolvedCommand;
      if (body.id) {
        const saved: SavedCommand = await visibleCommand(db, scope, body.id);
        resolved = { ...saved, saved: true };
      } else {
        const fields = savedFields(scope, body);
        resolved = { id: 0, ...fields, saved: false };
      }
      if (groupId) {
        if (!(await canSee(db, scope, 'groups', groupId))) throw notFound(`groupId ${groupId} not found`);
        const devices = await groupDevices(db, scope, groupId);
        const outcomes = await Promise.all(
          devices.map(async (d) => ({ d, outcome: await dispatch(services, scope, resolved, d) })),
        );
        const queued = outcomes.filter((o) => o.outcome.status === 202);
        if (queued.length)
          return reply.code(202).send(queued.map((o) => dispatchedJson(resolved, o.d.id, o.outcome)));
        return dispatchedJson(resolved, 0, { status: 200, state: 'sent' });
      }
      if (!body.deviceId) throw badRequest('deviceId is required');
      const device = await visibleDevice(services, scope, body.deviceId);
      const outcome = await dispatch(services, scope, resolved, device);
      return reply.code(outcome.status).send(dispatchedJson(resolved, device.id, outcome));
    },
  );
}

/** The vehicles of a group and of its sub-groups that the user sees. */
async function groupDevices(db: Db, scope: Scope, groupId: number) {
  const groups = [groupId];
  for (let i = 0; i < groups.length; i++) {
    const children = await db.kysely
      .selectFrom('groups')
      .select('id')
      .where('groupId', '=', groups[i])
      .execute();
    for (const c of children) if (!groups.includes(Number(c.id))) groups.push(Number(c.id));
  }
  let q = db.kysely.selectFrom('devices').selectAll().where('groupId', 'in', groups);
  q = whereVisible(q, 'id', db, scope, 'devices');
  return (await q.orderBy('id').execute()).map((r) => deviceJson(r));
}
