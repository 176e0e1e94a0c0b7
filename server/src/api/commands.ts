/**
 * Commands to vehicles (document 1 §4, §7, §8): immobilisation (block) and RFID buzzer. Codec 12 text on the
 * live connection; a blockRequest/unBlockRequest event records who. Traccar's /api/commands/* (saved
 * commands, types, send) are in modules/traccar/commands over `sendOrQueue`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/context';
import { assertCanWrite, assertPermission, requireScope } from '../auth/guard';
import type { Scope } from '../auth/policy';
import { badRequest, HttpError } from '../errors';
import { getRow } from '../services/entities';
import { deviceJson } from '../db/rows';
import { queueCommand } from '../processing/pendingCommands';
import { toJson } from '../db/mapping';
import { boolAttr } from '../processing/deviceState';

/** How long a command on a live connection waits for the device's answer. */
export const ANSWER_WAIT_MS = 10_000;

type CommandOutcome = { state: 'answered'; result: string } | { state: 'sent' } | { state: 'queued' };

export const BLOCK_TEXT = 'setdigout 1';
export const UNBLOCK_TEXT = 'setdigout 0';
/** DOUT2 drives the RFID reader's buzzer; `?` leaves DOUT1 (the immobiliser) as it is. */
export const BUZZER_ON_TEXT = 'setdigout ?1';
export const BUZZER_OFF_TEXT = 'setdigout ?0';

function answer(reply: FastifyReply, outcome: CommandOutcome) {
  if (outcome.state === 'queued')
    return reply
      .code(202)
      .send({ state: 'queued', message: 'Comando em espera: será enviado quando o veículo comunicar' });
  if (outcome.state === 'sent')
    return reply.code(202).send({ state: 'sent', message: 'Comando enviado, sem resposta do veículo' });
  return reply.send({ state: 'answered', result: outcome.result });
}

/**
 * Sends a Codec 12 text on the live session when this node holds it (waiting `waitMs` for the answer),
 * otherwise queues it in the database for whichever node the vehicle reports to next (this one or
 * another); with `queue` false (Traccar's `noQueue`) a vehicle that is not connected is a 400 instead.
 * A refusal on the live session is a 502 with `failure(reason)`.
 */
export async function sendOrQueue(
  services: Services,
  device: { id: number; uniqueId: string },
  text: string,
  waitMs = ANSWER_WAIT_MS,
  failure: (reason: string) => string = (reason) => `Erro ao enviar o comando (${reason})`,
  queue = true,
) {
  const channel = services.commands;
  if (channel) {
    try {
      return {
        state: 'answered',
        result: await channel.send(device.uniqueId, text, waitMs),
      } as const;
    } catch (err) {
      const message = (err as Error).message;
      if (/no answer/.test(message)) return { state: 'sent' } as const;
      if (!/not connected|disconnected/.test(message)) throw new HttpError(502, failure(message));
    }
  }
  if (!queue) throw badRequest('Veículo sem ligação: o comando não foi enviado');
  await queueCommand(services.db, device.id, text);
  return { state: 'queued' } as const;
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
