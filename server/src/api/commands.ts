/**
 * Commands to vehicles (document 1 §4, §7, §8): immobilisation (block) and RFID buzzer. Codec 12 text on the
 * live connection; a blockRequest/unBlockRequest event records who. Traccar's /api/commands/* (saved
 * commands, types, send) are in modules/traccar/commands over `sendOrQueue` (processing/commandDelivery.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/context';
import { assertCanWrite, assertPermission, requireScope } from '../auth/guard';
import type { Scope } from '../auth/policy';
import { badRequest } from '../errors';
import { getRow } from '../services/entities';
import { deviceJson } from '../db/rows';
import {
  BLOCK_TEXT,
  BUZZER_OFF_TEXT,
  BUZZER_ON_TEXT,
  UNBLOCK_TEXT,
  sendOrQueue,
  type CommandOutcome,
} from '../processing/commandDelivery';
import { toJson } from '../db/mapping';
import { boolAttr } from '../processing/deviceState';

function answer(reply: FastifyReply, outcome: CommandOutcome) {
  if (outcome.state === 'queued')
    return reply
      .code(202)
      .send({ state: 'queued', message: 'Comando em espera: será enviado quando o veículo comunicar' });
  if (outcome.state === 'sent')
    return reply.code(202).send({ state: 'sent', message: 'Comando enviado, sem resposta do veículo' });
  return reply.send({ state: 'answered', result: outcome.result });
}

async function device(services: Services, scope: Scope, id: number) {
  return deviceJson(await getRow(services.db, scope, 'devices', id));
}

export function commandRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const tags = ['commands'];

  app.post(
    '/report/api.php/block',
    {
      schema: {
        tags,
        summary: 'Immobilise (true) or release (false) a vehicle; needs global.block and has_immobilization',
        body: z.object({ deviceId: z.coerce.number().int().positive(), immobilizationValue: z.boolean() }),
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { deviceId, immobilizationValue } = req.body as {
        deviceId: number;
        immobilizationValue: boolean;
      };
      const d = await device(services, scope, deviceId);
      assertCanWrite(scope);
      assertPermission(scope, 'global.block');
      if (!boolAttr(d.attributes.has_immobilization))
        throw badRequest('Veículo sem imobilizador (has_immobilization)');
      const outcome = await sendOrQueue(services, d, immobilizationValue ? BLOCK_TEXT : UNBLOCK_TEXT);
      await db.kysely
        .insertInto('events')
        .values({
          type: immobilizationValue ? 'blockRequest' : 'unBlockRequest',
          eventTime: Date.now(),
          deviceId,
          positionId: d.positionId || null,
          geofenceId: null,
          attributes: toJson({
            userId: scope.user.id,
            user: scope.user.name,
            email: scope.user.email,
            state: outcome.state,
            ...(outcome.state === 'answered' ? { result: outcome.result } : {}),
          }),
        })
        .execute();
      return answer(reply, outcome);
    },
  );

  app.get(
    '/report/api.php/block_details/:deviceId/:value',
    {
      schema: {
        tags,
        summary: 'Who last blocked (1) or unblocked (0) the vehicle, and when',
        params: z.object({ deviceId: z.coerce.number().int().positive(), value: z.enum(['0', '1']) }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const { deviceId, value } = req.params as { deviceId: number; value: '0' | '1' };
      await device(services, scope, deviceId);
      const row = await db.kysely
        .selectFrom('events')
        .select(['eventTime', 'attributes'])
        .where('deviceId', '=', deviceId)
        .where('type', '=', value === '1' ? 'blockRequest' : 'unBlockRequest')
        .orderBy('eventTime', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return { eventtime: null, user: null };
      const attrs = typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes;
      return { eventtime: new Date(Number(row.eventTime)).toISOString(), user: attrs.user ?? null };
    },
  );

  app.post(
    '/report/api.php/rfid_buzzer',
    {
      schema: {
        tags,
        summary: 'Turn the RFID reader buzzer on or off; needs global.rfid_buzzer and has_rfid',
        body: z.object({ deviceId: z.coerce.number().int().positive(), value: z.boolean() }),
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { deviceId, value } = req.body as { deviceId: number; value: boolean };
      const d = await device(services, scope, deviceId);
      assertCanWrite(scope);
      assertPermission(scope, 'global.rfid_buzzer');
      if (!boolAttr(d.attributes.has_rfid)) throw badRequest('Veículo sem leitor RFID (has_rfid)');
      return answer(reply, await sendOrQueue(services, d, value ? BUZZER_ON_TEXT : BUZZER_OFF_TEXT));
    },
  );
}
