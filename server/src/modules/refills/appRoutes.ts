/**
 * The refill operators' phone app API (issue 18 point 3), under its own bearer-token scope: login, the
 * client's stations, a vehicle and the drivers looked up by what the phone scans, and posting a refill
 * (type A, with the operator's name and code and the station's site). Nothing else is reachable with the
 * token. A refill that reaches a red threshold is mailed to the operator's alert e-mails.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isRedRefill } from '@frota/core';
import { z } from 'zod';
import type { Services } from '../../services/context';
import { whereVisible } from '../../auth/policy';
import { parseJson } from '../../db/mapping';
import { zoneFor } from '../../track/timezone';
import { userTimezone } from '../../events/notify/eventText';
import { notFound } from '../../errors';
import { clientUserIds } from './access';
import {
  operatorLogin,
  operatorLogout,
  requireOperator,
  OPERATOR_LOGIN_FAILED,
  type OperatorSession,
} from './operatorAuth';
import { alertAddresses } from './operators';
import { readRefillInput } from './refillInput';
import { readRefill, type RefillJson } from './refillRows';
import { insertRefill } from './refillWrites';
import { announceRefill } from './liveRefills';
import { renderRefillMail } from './refillMail';
import { findStation, listStations } from './stationRows';
import { BASE } from './refillRoutes';
import { messageAnswer, refillSchema, stationSchema, successAnswer } from './schemas';

const APP = `${BASE}/refill_app`;
/**
 * The token travels in the Authorization header; documented as a header parameter (a security scheme would
 * need the document's components, which app.ts owns).
 */
const security = z.object({
  authorization: z
    .string()
    .optional()
    .describe('Bearer {token} from refill_app/login (the operator token; a user session does not work here)'),
});

const vehicleAnswer = z.object({
  deviceId: z.number(),
  name: z.string(),
  license_plate: z.string().nullable(),
  code: z.string(),
  fuelType: z.string().nullable().describe("the vehicle's fuel_type attribute when set"),
});

const appRefillBody = z
  .object({
    stationId: z.coerce.number().int().positive().optional(),
    stationCode: z.string().max(128).optional().describe('the scanned station code (or stationId)'),
    deviceId: z.coerce.number().int().positive().optional(),
    vehicleCode: z.string().max(128).optional().describe('the scanned vehicle code or plate (or deviceId)'),
    litres: z.union([z.number(), z.string()]),
    km: z.union([z.number(), z.string()]).nullable().optional(),
    hours: z.union([z.number(), z.string()]).nullable().optional(),
    cost: z.union([z.number(), z.string()]).nullable().optional().describe('default 0'),
    driverId: z.coerce.number().int().positive().optional(),
    driverCode: z.string().max(128).optional().describe("the driver's card (uniqueId)"),
    fuel_type: z.string().optional().describe("default: the station's fuel"),
    invoice: z.string().max(128).optional(),
    details: z.string().max(4000).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    costDate: z.string().optional().describe('ISO-8601; default now'),
  })
  .passthrough();

const refused = {
  400: messageAnswer,
  401: messageAnswer.describe('no valid operator token'),
  404: messageAnswer.describe("not among the operator's client's vehicles, stations or drivers"),
};

/** A vehicle of the operator's client by id, refill code or plate (case-insensitive). */
async function clientVehicle(services: Services, s: OperatorSession, match: { id?: number; code?: string }) {
  const { db } = services;
  let q = db.kysely
    .selectFrom('devices')
    .leftJoin('refillDevices', 'refillDevices.deviceId', 'devices.id')
    .select(['devices.id', 'devices.name', 'devices.attributes', 'refillDevices.code']);
  q = whereVisible(q, 'devices.id', db, s.client, 'devices');
  if (match.id) q = q.where('devices.id', '=', match.id);
  const code = match.code?.trim().toLowerCase();
  const rows = (await q.execute()).map((r) => {
    const attributes = parseJson(r.attributes);
    const plate = typeof attributes.license_plate === 'string' ? attributes.license_plate.trim() : '';
    return {
      deviceId: Number(r.id),
      name: r.name,
      license_plate: plate || null,
      code: r.code || plate || r.name,
      fuelType: typeof attributes.fuel_type === 'string' ? attributes.fuel_type : null,
    };
  });
  const found = match.id
    ? rows[0]
    : (rows.find((v) => v.code.toLowerCase() === code) ??
      rows.find((v) => v.license_plate?.toLowerCase() === code));
  if (!found) throw notFound('Viatura não encontrada');
  return found;
}

async function clientDriver(services: Services, s: OperatorSession, match: { id?: number; code?: string }) {
  const { db } = services;
  let q = db.kysely.selectFrom('drivers').select(['drivers.id', 'drivers.name', 'drivers.uniqueId']);
  q = whereVisible(q, 'drivers.id', db, s.client, 'drivers');
  if (match.id) q = q.where('drivers.id', '=', match.id);
  else if (match.code) q = q.where('drivers.uniqueId', '=', match.code.trim());
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Condutor não encontrado');
  return Number(row.id);
}

async function alertIfRed(
  services: Services,
  s: OperatorSession,
  refill: RefillJson,
  log: FastifyReply['log'],
) {
  const red = isRedRefill(
    {
      consumptionL100km: refill.consumption_l100km,
      consumptionLkm: refill.consumption_lkm,
      consumptionLh: refill.consumption_lh,
    },
    {
      consumptionL100kmYellow: refill.consumption_l100km_yellow,
      consumptionL100kmRed: refill.consumption_l100km_red,
      consumptionLkmYellow: refill.consumption_lkm_yellow,
      consumptionLkmRed: refill.consumption_lkm_red,
      consumptionLhYellow: refill.consumption_lh_yellow,
      consumptionLhRed: refill.consumption_lh_red,
    },
  );
  const to = alertAddresses(s.operator.alertEmails);
  if (!red || !to.length) return;
  try {
    const mail = renderRefillMail(refill, userTimezone(s.client.user.attributes), true);
    await services.mailer.send({ to: to.join(', '), ...mail });
  } catch (err) {
    // the refill is stored; a mail that fails is logged, not the operator's problem
    log.error({ err: (err as Error).message }, 'refill alert mail failed');
  }
}

export function appRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['refill operator app'];

  app.post(
    `${APP}/login`,
    {
      schema: {
        tags,
        summary: 'Operator login: username and password → a bearer token for the refill_app calls',
        description:
          `401 "${OPERATOR_LOGIN_FAILED}"; 429 after 5 wrong passwords from one address (15 minutes). The ` +
          'token reaches only the refill_app calls, for the client the operator belongs to (the vehicles, ' +
          'stations and drivers its creator sees). A username is unique within a client only: the password ' +
          'picks the operator among the clients that use the name; when it matches more than one, 401.',
        body: z.object({ username: z.string().trim().min(1).max(128), password: z.string().min(1).max(256) }),
        response: {
          200: z.object({
            token: z.string(),
            expiresAt: z.number().describe('epoch ms'),
            operator: z.object({ id: z.number(), username: z.string(), name: z.string(), code: z.string() }),
          }),
          401: messageAnswer,
          429: messageAnswer,
        },
      },
    },
    async (req) => {
      const { username, password } = req.body as { username: string; password: string };
      return operatorLogin(services, username, password, req.ip);
    },
  );

  app.post(
    `${APP}/logout`,
    { schema: { tags, summary: 'End the token', headers: security, response: { 200: successAnswer } } },
    async (req) => {
      await operatorLogout(services, req);
      return { success: true as const };
    },
  );

  app.get(
    `${APP}/stations`,
    {
      schema: {
        tags,
        headers: security,
        summary: "The stations of the operator's client",
        response: { 200: stationSchema.array(), ...refused },
      },
    },
    async (req) => {
      const s = await requireOperator(services, req);
      return listStations(db, await clientUserIds(db, s.client));
    },
  );

  app.get(
    `${APP}/stations/:code`,
    {
      schema: {
        tags,
        headers: security,
        summary: 'A station by its scanned code',
        params: z.object({ code: z.string().max(128) }),
        response: { 200: stationSchema, ...refused },
      },
    },
    async (req) => {
      const s = await requireOperator(services, req);
      return findStation(db, await clientUserIds(db, s.client), {
        code: (req.params as { code: string }).code,
      });
    },
  );

  app.get(
    `${APP}/vehicles/:code`,
    {
      schema: {
        tags,
        headers: security,
        summary: 'A vehicle by its scanned code or plate',
        params: z.object({ code: z.string().max(128) }),
        response: { 200: vehicleAnswer, ...refused },
      },
    },
    async (req) => {
      const s = await requireOperator(services, req);
      return clientVehicle(services, s, { code: (req.params as { code: string }).code });
    },
  );

  app.get(
    `${APP}/drivers`,
    {
      schema: {
        tags,
        headers: security,
        summary: "The client's drivers",
        response: {
          200: z.array(z.object({ id: z.number(), name: z.string(), uniqueId: z.string() })),
          ...refused,
        },
      },
    },
    async (req) => {
      const s = await requireOperator(services, req);
      let q = db.kysely
        .selectFrom('drivers')
        .select(['drivers.id', 'drivers.name', 'drivers.uniqueId'])
        .orderBy('name');
      q = whereVisible(q, 'drivers.id', db, s.client, 'drivers');
      return (await q.execute()).map((d) => ({ id: Number(d.id), name: d.name, uniqueId: d.uniqueId }));
    },
  );

  app.post(
    `${APP}/refill`,
    {
      schema: {
        tags,
        headers: security,
        summary: 'Post a refill from the station (type A)',
        description:
          "Station and vehicle by scanned code or id, among the operator's client's; the refill is stored " +
          "with the operator's name and code and the station's name as its site, its consumption computed. " +
          "When a consumption reaches the vehicle profile's red threshold, the operator's alert e-mails get it.",
        body: appRefillBody,
        response: { 200: refillSchema, ...refused },
      },
    },
    async (req, reply) => {
      const s = await requireOperator(services, req);
      const body = req.body as z.infer<typeof appRefillBody>;
      const owners = await clientUserIds(db, s.client);
      const station = await findStation(
        db,
        owners,
        body.stationId ? { id: body.stationId } : { code: body.stationCode ?? '' },
      ).catch(() => {
        throw notFound('Posto não encontrado');
      });
      const vehicle = await clientVehicle(
        services,
        s,
        body.deviceId ? { id: body.deviceId } : { code: body.vehicleCode ?? '' },
      );
      const driverId =
        body.driverId || body.driverCode
          ? await clientDriver(services, s, { id: body.driverId, code: body.driverCode })
          : null;
      const zone = zoneFor(s.client.user.attributes.timezone);
      const input = readRefillInput(
        {
          ...body,
          type: 'A',
          cost: body.cost ?? 0,
          costDate: body.costDate,
          fuel_type: body.fuel_type ?? station.fuel_type,
          stationId: station.id,
          driverId,
        },
        zone,
        Date.now(),
      );
      const id = await insertRefill(db, vehicle.deviceId, input, {
        type: 'A',
        userId: null,
        operator: { id: s.operator.id, name: s.operator.name, code: s.operator.code },
      });
      const refill = (await readRefill(db, id, zone, null))!;
      announceRefill(services, id, vehicle.deviceId);
      await alertIfRed(services, s, refill, reply.log);
      return refill;
    },
  );
}
