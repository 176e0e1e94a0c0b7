/**
 * POST /api/share/device and /api/share/group (Traccar's share links) over our temporary links: a read-only
 * `temp_` user limited to that device or group until `expiration`, listed with the sharer's temporary
 * links, and a token (text answer) that opens it with GET /api/session?token=. Sharing takes the
 * temporary-links permission; a device or group the caller cannot see answers 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userInput } from '@frota/core';
import type { Services } from '../../../services/context';
import { assertCanWrite, requireScope } from '../../../auth/guard';
import { canSee } from '../../../auth/policy';
import { issueToken } from '../../../auth/accessTokens';
import { recordAction } from '../../../auth/audit';
import { randomToken } from '../../../auth/password';
import { BOOLEANS } from '../../../services/entities';
import { rowValues } from '../../../db/rows';
import { columnsByName } from '../../../db/columnsByName';
import { TEMP_SECRET_LENGTH, TEMP_TOKEN_LENGTH, userValues } from '../../../auth/userRules';
import { badRequest, forbidden, notFound } from '../../../errors';
import { toIso } from '../../../db/mapping';
import { tokenExpiry } from './expiration';

const PERMISSION = 'settings.temporary_links';
const expiration = z.string().min(1).max(64);

type Shared = 'devices' | 'groups';

async function share(services: Services, req: FastifyRequest, kind: Shared, id: number, until: string) {
  const { db } = services;
  const scope = await requireScope(services, req);
  if (scope.temporary) throw forbidden('Temporary user');
  assertCanWrite(scope, PERMISSION);
  if (!(await canSee(db, scope, kind, id))) throw notFound();
  const expiresAt = tokenExpiry(scope.user, until);
  const object = await db.kysely
    .selectFrom(kind)
    .select('name')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const parsed = userInput.safeParse({
    name: String(object.name),
    email: `temp_${randomToken(TEMP_SECRET_LENGTH)}`,
    password: randomToken(TEMP_SECRET_LENGTH),
    phone: null,
    readonly: true,
    administrator: false,
    disabled: false,
    expirationTime: toIso(expiresAt),
    token: randomToken(TEMP_TOKEN_LENGTH),
    attributes: {
      language: scope.user.attributes.language ?? 'pt',
      timezone: scope.user.attributes.timezone ?? 'Africa/Luanda',
      allowHistory: false,
    },
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid share');
  const values = await userValues(db, scope, parsed.data);
  const userId = await db.kysely.transaction().execute(async (trx) => {
    // the user's row as the entity API writes it
    const inserted = await columnsByName(trx)
      .insertInto('users')
      .values(rowValues(db.dialect, values, BOOLEANS.users))
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = Number(inserted.id);
    // the sharer keeps reaching the link among its temporary links
    if (!scope.admin)
      await trx.insertInto('userUser').values({ userId: scope.user.id, managedUserId: created }).execute();
    if (kind === 'devices')
      await trx.insertInto('userDevice').values({ userId: created, deviceId: id }).execute();
    else await trx.insertInto('userGroup').values({ userId: created, groupId: id }).execute();
    return created;
  });
  await services.live.refreshScopes();
  services.changes.emit('users');
  await recordAction(db, req, {
    userId: scope.user.id,
    actionType: 'create',
    objectType: 'user',
    objectId: userId,
  });
  return issueToken(db, { userId, issuedBy: scope.user.id, kind: 'share', expiresAt });
}

export function shareRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['share'];
  const id = z.coerce.number().int().positive();
  app.post(
    '/api/share/device',
    {
      schema: {
        tags,
        summary: 'Share a device until expiration: a temporary link and the token that opens it (text)',
        body: z.object({ deviceId: id, expiration }),
      },
    },
    async (req, reply) => {
      const body = req.body as { deviceId: number; expiration: string };
      const token = await share(services, req, 'devices', body.deviceId, body.expiration);
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );
  app.post(
    '/api/share/group',
    {
      schema: {
        tags,
        summary: 'Share a group until expiration: a temporary link and the token that opens it (text)',
        body: z.object({ groupId: id, expiration }),
      },
    },
    async (req, reply) => {
      const body = req.body as { groupId: number; expiration: string };
      const token = await share(services, req, 'groups', body.groupId, body.expiration);
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );
}
