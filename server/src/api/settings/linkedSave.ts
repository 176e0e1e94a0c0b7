/**
 * POST /api/settings/{kind} and PUT /api/settings/{kind}/{id}: the settings forms save an item together
 * with its associations (`links`) in one transaction, so nothing is half-saved (issue 6). The body is the
 * item in its /api/{kind} shape plus `links: { devices: [ids], geofences: [ids], ... }`; each kind given
 * replaces the caller's visible links of that kind. Answers the saved item as /api/{kind}/{id} does.
 */
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import {
  deviceInput,
  driverInput,
  geofenceInput,
  groupInput,
  hasPermission,
  isTemporaryUser,
  notificationInput,
  SEATBELT_LIGHTS_ALARM,
  storedAlertType,
  userInput,
  validateArea,
  type UserInput,
} from '@frota/core';
import type { Services } from '../../services/context';
import type { EntityKind, Scope } from '../../auth/policy';
import { assertCanWrite, assertNotTemporary, requireScope } from '../../auth/guard';
import { badRequest, forbidden } from '../../errors';
import { MAPPERS, getRow, isUniqueViolation, readRow } from '../../services/entities';
import {
  MESSAGES,
  deviceValues,
  driverValues,
  geofenceValues,
  notificationValues,
} from '../../services/entityRules';
import { USER_MESSAGES, assertUserLimit, userValues } from '../../auth/userRules';
import { credentialsChanged } from '../../auth/credentials';
import { userJson } from '../../db/rows';
import { parseJson } from '../../db/mapping';
import { planLinks, storeWithLinks } from './linkedStore';
import type { LinkSets } from './linkSpec';
import { valuesOfParsed, type KindValues } from '../kindValues';

type Row = Record<string, unknown>;

interface KindDef {
  input: ZodType;
  write: (body: Row) => string[];
  /** Portuguese messages for required fields, checked before the schema's own */
  precheck?: (body: Row) => void;
  values: KindValues;
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

const KINDS: Record<EntityKind, KindDef> = {
  devices: {
    input: deviceInput,
    write: () => ['settings.devices'],
    values: (_s, _scope, input: z.infer<typeof deviceInput>) => deviceValues(input),
  },
  groups: {
    input: groupInput,
    write: () => ['settings.groups'],
    values: (_s, _scope, input: z.infer<typeof groupInput>) => ({ ...input }),
  },
  drivers: {
    input: driverInput,
    write: () => ['settings.drivers'],
    values: (s, scope, input: z.infer<typeof driverInput>, existing) =>
      driverValues(s.db, scope, input, existing),
  },
  geofences: {
    input: geofenceInput,
    write: () => ['settings.geofences', 'map.online'],
    values: (_s, _scope, input: z.infer<typeof geofenceInput>) => geofenceValues(input, validateArea),
  },
  notifications: {
    input: notificationInput,
    write: () => ['settings.notifications'],
    precheck: (body) => {
      if (blank(body.type)) throw badRequest(MESSAGES.alertType);
      if (blank(body.notificators)) throw badRequest(MESSAGES.alertNotificators);
    },
    values: (_s, scope, input: z.infer<typeof notificationInput>, existing) => {
      const combined =
        storedAlertType(input.type, input.attributes).attributes.alarms === SEATBELT_LIGHTS_ALARM;
      const had = existing && parseJson(existing.attributes).alarms === SEATBELT_LIGHTS_ALARM;
      if (combined && !had && !hasPermission(scope.user, 'global.alert_seatbelt_lights'))
        throw forbidden('Missing permission global.alert_seatbelt_lights');
      return notificationValues(input);
    },
  },
  users: {
    input: userInput,
    write: (body) =>
      isTemporaryUser({ email: String(body.email ?? '') })
        ? ['settings.temporary_links']
        : ['settings.users'],
    precheck: (body) => {
      if (blank(body.name)) throw badRequest(USER_MESSAGES.invalidName);
    },
    values: (s, scope, input: UserInput, existing) =>
      userValues(s.db, scope, input, existing ? userJson(existing) : undefined),
  },
};

const kinds = Object.keys(KINDS) as EntityKind[];
const linksSchema = z
  .partialRecord(z.enum(kinds), z.array(z.number().int().positive()).max(100000))
  .optional();
const idParams = z.object({ id: z.coerce.number().int().positive() });

export function parseInput(def: KindDef, body: Row): Row {
  def.precheck?.(body);
  const parsed = def.input.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(`${first.path.join('.') || 'body'}: ${first.message}`);
  }
  return parsed.data as Row;
}

export function parseLinks(body: Row): LinkSets {
  const parsed = linksSchema.safeParse(body.links);
  if (!parsed.success) throw badRequest(`links: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return (parsed.data ?? {}) as LinkSets;
}

/** Saves one item with its links for the caller; `id` undefined creates. Answers the stored item. */
export async function saveWithLinks(
  services: Services,
  scope: Scope,
  kind: EntityKind,
  id: number | undefined,
  body: Row,
  prepared: { input?: Row; existing?: Row } = {},
): Promise<object> {
  const { db } = services;
  const def = KINDS[kind];
  const { input } = prepared;
  const existing = prepared.existing ?? (id === undefined ? undefined : await getRow(db, scope, kind, id));
  assertNotTemporary(scope);
  if (kind === 'users' && id !== undefined && id === scope.user.id) assertCanWrite(scope);
  else assertCanWrite(scope, def.write(input ?? body));
  const item = input ?? parseInput(def, body);
  if (kind === 'users' && id === undefined && !isTemporaryUser({ email: String(item.email) }))
    await assertUserLimit(db, scope);
  const values = await valuesOfParsed(def.values, services, scope, item, existing);
  const plans = await planLinks(db, scope, kind, id, parseLinks(body));
  let savedId: number;
  try {
    savedId = await storeWithLinks(db, scope, kind, id, values, plans);
  } catch (err) {
    if (isUniqueViolation(err))
      throw badRequest('Valor duplicado (já existe um item com este identificador)');
    throw err;
  }
  if (kind === 'users' && existing) await credentialsChanged(db, savedId, existing, values, scope.sessionId);
  await services.live.refreshScopes();
  services.changes.emit(kind);
  if (plans.some((p) => p.add.length || p.remove.length)) services.changes.emit('links');
  return MAPPERS[kind](await readRow(db, kind, savedId));
}

export function linkedSaveRoutes(app: FastifyInstance, services: Services): void {
  const body = z.looseObject({});
  for (const kind of kinds) {
    const tags = ['settings'];
    app.post(
      `/api/settings/${kind}`,
      { schema: { tags, summary: `Create a ${kind} item with its associations`, body } },
      async (req) =>
        saveWithLinks(services, await requireScope(services, req), kind, undefined, req.body as Row),
    );
    app.put(
      `/api/settings/${kind}/:id`,
      {
        schema: { tags, summary: `Update a ${kind} item with its associations`, params: idParams, body },
      },
      async (req) => {
        const { id } = req.params as { id: number };
        const input = req.body as Row;
        if (input.id !== undefined && input.id !== id)
          throw badRequest('id in body does not match the address');
        return saveWithLinks(services, await requireScope(services, req), kind, id, input);
      },
    );
  }
}
