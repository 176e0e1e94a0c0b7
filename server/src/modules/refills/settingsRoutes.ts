/**
 * The refill settings calls (document 3 §2, §7): refill_stations (list, by id, add, edit, remove — managers
 * only for writes), refill_operators (list, by id, add, edit, remove), refill_devices (list; flag, profile
 * and unflag for managers) and refill_app_version. Stations and operators are the client's own.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services/context';
import { readSetting, writeSetting } from '../../services/serverSettings';
import { badRequest, forbidden } from '../../services/errors';
import {
  assertManager,
  assertRefillWrite,
  assertVehicle,
  clientUserIds,
  refillScope,
  vehicleIds,
} from './access';
import { findOperator, INVALID_PASSWORD, listOperators, readOperatorInput } from './operators';
import { listRefillDevices, saveRefillDevice } from './refillDevices';
import { findStation, listStations } from './stationRows';
import { readStationInput, removeStation } from './stationWrites';
import { BASE } from './refillRoutes';
import {
  appVersionAnswer,
  deviceParams,
  idParams,
  messageAnswer,
  operatorBody,
  operatorSchema,
  refillDeviceBody,
  refillDeviceSchema,
  stationBody,
  stationSchema,
  successAnswer,
} from './schemas';

export const APP_SETTING = 'refillApp';
export const DEFAULT_APP = { apk_version: '', apk_url: '' };

export function settingsRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const refused = {
    400: messageAnswer,
    403: messageAnswer.describe('missing permission, read-only, or not a manager (userLimit) for writes'),
    404: messageAnswer.describe('not among the client’s rows'),
  };

  // stations
  const stationTags = ['refill stations'];
  const stationById = {
    schema: {
      tags: stationTags,
      summary: 'A refill station by id',
      params: idParams,
      response: { 200: stationSchema, ...refused },
    },
  };
  app.get(
    `${BASE}/refill_stations`,
    {
      schema: {
        tags: stationTags,
        summary: 'Refill stations of the client: each main station followed by its auxiliaries',
        response: { 200: stationSchema.array(), ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req);
      return listStations(db, await clientUserIds(db, scope));
    },
  );
  const oneStation = async (req: Parameters<typeof refillScope>[1]) => {
    const scope = await refillScope(services, req);
    return findStation(db, await clientUserIds(db, scope), { id: (req.params as { id: number }).id });
  };
  app.get(`${BASE}/refill_stations/:id`, stationById, oneStation);
  app.get(`${BASE}/refill_station/:id`, stationById, oneStation);

  app.post(
    `${BASE}/refill_stations`,
    {
      schema: {
        tags: stationTags,
        summary: 'Add a refill station (managers: userLimit set)',
        description:
          'name and code required ("Nome obrigatório", "Código obrigatório"), code unique ("Código já existe"); ' +
          'mainStationId 0 for a main station, else a main station of the client ("Estação principal inválida").',
        body: stationBody,
        response: { 200: stationSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      assertRefillWrite(scope, true);
      assertManager(scope);
      const owners = await clientUserIds(db, scope);
      const values = await readStationInput(db, owners, req.body as Record<string, unknown>);
      const row = await db.kysely
        .insertInto('refillStations')
        .values({ ...values, userId: scope.user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return findStation(db, owners, { id: Number(row.id) });
    },
  );

  app.put(
    `${BASE}/refill_stations/:id`,
    {
      schema: {
        tags: stationTags,
        summary: 'Edit a refill station (managers)',
        params: idParams,
        body: stationBody,
        response: { 200: stationSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      assertRefillWrite(scope, true);
      assertManager(scope);
      const owners = await clientUserIds(db, scope);
      const { id } = req.params as { id: number };
      await findStation(db, owners, { id });
      const values = await readStationInput(db, owners, req.body as Record<string, unknown>, id);
      await db.kysely.updateTable('refillStations').set(values).where('id', '=', id).execute();
      return findStation(db, owners, { id });
    },
  );

  app.delete(
    `${BASE}/refill_stations/:id`,
    {
      schema: {
        tags: stationTags,
        summary: 'Remove a refill station (managers); its auxiliaries become main stations',
        params: idParams,
        response: { 200: successAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      assertRefillWrite(scope, true);
      assertManager(scope);
      const { id } = req.params as { id: number };
      await findStation(db, await clientUserIds(db, scope), { id });
      await removeStation(db, id);
      return { success: true as const };
    },
  );

  // operators
  const operatorTags = ['refill operators'];
  app.get(
    `${BASE}/refill_operators`,
    {
      schema: {
        tags: operatorTags,
        summary: 'Refill operators of the client (never their passwords)',
        response: { 200: operatorSchema.array(), ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      return listOperators(db, await clientUserIds(db, scope));
    },
  );
  app.get(
    `${BASE}/refill_operators/:id`,
    {
      schema: {
        tags: operatorTags,
        summary: 'A refill operator by id',
        params: idParams,
        response: { 200: operatorSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      return findOperator(db, await clientUserIds(db, scope), (req.params as { id: number }).id);
    },
  );
  app.post(
    `${BASE}/refill_operators`,
    {
      schema: {
        tags: operatorTags,
        summary: 'Add a refill operator',
        description:
          'username unique ("Nome de utilizador já existe"), password of 6 characters or more ' +
          '("Password inválida"), stored as a scrypt hash; name required; alert_emails a list of addresses.',
        body: operatorBody,
        response: { 200: operatorSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      assertRefillWrite(scope, true);
      const values = await readOperatorInput(db, req.body as Record<string, unknown>);
      // readOperatorInput refuses a new operator without a password
      if (!values.hashedPassword || !values.salt) throw badRequest(INVALID_PASSWORD);
      const row = await db.kysely
        .insertInto('refillOperators')
        .values({
          ...values,
          hashedPassword: values.hashedPassword,
          salt: values.salt!,
          userId: scope.user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return findOperator(db, await clientUserIds(db, scope), Number(row.id));
    },
  );
  app.put(
    `${BASE}/refill_operators/:id`,
    {
      schema: {
        tags: operatorTags,
        summary: 'Edit a refill operator (an empty password keeps the current one)',
        params: idParams,
        body: operatorBody,
        response: { 200: operatorSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      assertRefillWrite(scope, true);
      const owners = await clientUserIds(db, scope);
      const { id } = req.params as { id: number };
      await findOperator(db, owners, id);
      const values = await readOperatorInput(db, req.body as Record<string, unknown>, id);
      await db.kysely.updateTable('refillOperators').set(values).where('id', '=', id).execute();
      // a new password ends the operator's app sessions
      if ('hashedPassword' in values)
        await db.kysely.deleteFrom('refillOperatorSessions').where('operatorId', '=', id).execute();
      return findOperator(db, owners, id);
    },
  );
  app.delete(
    `${BASE}/refill_operators/:id`,
    {
      schema: {
        tags: operatorTags,
        summary: 'Remove a refill operator (its refills keep its name and code)',
        params: idParams,
        response: { 200: successAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      assertRefillWrite(scope, true);
      const { id } = req.params as { id: number };
      await findOperator(db, await clientUserIds(db, scope), id);
      await db.kysely.deleteFrom('refillOperators').where('id', '=', id).execute();
      return { success: true as const };
    },
  );

  // refill devices
  const deviceTags = ['refill devices'];
  app.get(
    `${BASE}/refill_devices`,
    {
      schema: {
        tags: deviceTags,
        summary: 'Vehicles having refill devices, with their code and consumption profile',
        response: { 200: refillDeviceSchema.array(), ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      return listRefillDevices(db, await vehicleIds(db, scope));
    },
  );
  app.put(
    `${BASE}/refill_devices/:deviceId`,
    {
      schema: {
        tags: deviceTags,
        summary: 'Flag a vehicle for refills, or change its code and consumption profile (managers)',
        description:
          'Thresholds in L/100km (l100km_yellow, l100km_red; the L/km ones are these / 100) and L/h ' +
          '(lh_yellow, lh_red); they are copied onto each refill saved afterwards.',
        params: deviceParams,
        body: refillDeviceBody,
        response: { 200: refillDeviceSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      assertRefillWrite(scope, true);
      assertManager(scope);
      const { deviceId } = req.params as { deviceId: number };
      await assertVehicle(db, scope, deviceId);
      await saveRefillDevice(db, deviceId, req.body as Record<string, unknown>);
      return (await listRefillDevices(db, [deviceId]))[0];
    },
  );
  app.delete(
    `${BASE}/refill_devices/:deviceId`,
    {
      schema: {
        tags: deviceTags,
        summary: 'Unflag a vehicle for refills (managers); its refills stay',
        params: deviceParams,
        response: { 200: successAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      assertRefillWrite(scope, true);
      assertManager(scope);
      const { deviceId } = req.params as { deviceId: number };
      await assertVehicle(db, scope, deviceId);
      await db.kysely.deleteFrom('refillDevices').where('deviceId', '=', deviceId).execute();
      return { success: true as const };
    },
  );

  // app version
  app.get(
    `${BASE}/refill_app_version`,
    {
      schema: {
        tags: ['refill app'],
        summary: 'The latest Android app of the refill operators: apk_version (server setting) and its link',
        response: { 200: appVersionAnswer, ...refused },
      },
    },
    async (req) => {
      await refillScope(services, req, true);
      const s = await readSetting(db, APP_SETTING, DEFAULT_APP);
      return { apk_version: String(s.apk_version ?? ''), apk_url: String(s.apk_url ?? '') };
    },
  );
  app.put(
    `${BASE}/refill_app_version`,
    {
      schema: {
        tags: ['refill app'],
        summary: 'Set the latest app version and link (administrators)',
        body: z.object({ apk_version: z.string().max(64), apk_url: z.string().max(1000).optional() }),
        response: { 200: appVersionAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      if (!scope.admin) throw forbidden('Administrators only');
      const body = req.body as { apk_version: string; apk_url?: string };
      const next = { apk_version: body.apk_version.trim(), apk_url: (body.apk_url ?? '').trim() };
      await writeSetting(db, APP_SETTING, next);
      return next;
    },
  );
}
