/**
 * The refill settings calls (document 3 §2, §7): refill_stations (list, by id, add, edit, remove — managers
 * only for writes), refill_operators (list, by id, add, edit, remove), refill_devices (list; flag, profile
 * and unflag for managers) and refill_app_version. Stations and operators are the client's own.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services/context';
import { badRequest, forbidden } from '../../errors';
import { isUniqueViolation } from '../../services/entities';
import { assertManager, assertRefillWrite, assertVehicle, refillScope, vehicleIds } from './access';
import {
  findOperator,
  INVALID_PASSWORD,
  listOperators,
  readOperatorInput,
  USERNAME_TAKEN,
} from './operators';
import {
  APP_URL_INVALID,
  APP_VERSION_REQUIRED,
  APP_VERSION_TOO_LONG,
  readAppInput,
  readAppVersion,
  writeAppVersion,
} from './appVersion';
import {
  L100KM_ORDER,
  LH_ORDER,
  listRefillDevices,
  PROFILE_TOO_LONG,
  saveRefillDevice,
  THRESHOLD_INVALID,
} from './refillDevices';
import { readRefillsSettings } from './settings';
import { findStation, listStations } from './stationRows';
import { CODE_TAKEN, readStationInput, removeStation } from './stationWrites';
import { BASE } from './refillRoutes';
import { clientRowsRoutes } from './clientRows';
import {
  appVersionAnswer,
  deviceParams,
  messageAnswer,
  operatorBody,
  operatorSchema,
  refillDeviceBody,
  refillDeviceSchema,
  stationBody,
  stationSchema,
  successAnswer,
} from './schemas';

export const ADMINISTRATORS_ONLY = 'Apenas administradores podem alterar a aplicação';

/** Two writes racing for one key of one owner: the per-owner unique index answers as the form's check. */
async function uniqueKey<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(message);
    throw err;
  }
}

export function settingsRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const refused = {
    400: messageAnswer,
    403: messageAnswer.describe('missing permission, read-only, or not a manager (userLimit) for writes'),
    404: messageAnswer.describe('not among the client’s rows'),
  };

  clientRowsRoutes(app, services, {
    path: 'refill_stations',
    alias: 'refill_station',
    tags: ['refill stations'],
    row: stationSchema,
    body: stationBody,
    centreOnly: false,
    managersOnly: true,
    docs: {
      list: { summary: 'Refill stations of the client: each main station followed by its auxiliaries' },
      one: { summary: 'A refill station by id' },
      create: {
        summary: 'Add a refill station (managers: userLimit set)',
        description:
          'name and code required ("Nome obrigatório", "Código obrigatório"), code unique within the client ' +
          '("Código já existe"; another client may hold the same code); ' +
          'mainStationId 0 for a main station, else a main station of the client ("Estação principal inválida").',
      },
      update: {
        summary: 'Edit a refill station (managers)',
        description: 'Only its creator, a user who manages its creator, or an administrator (403 otherwise).',
      },
      remove: {
        summary: 'Remove a refill station (managers); its auxiliaries become main stations',
        description: 'Only its creator, a user who manages its creator, or an administrator (403 otherwise).',
      },
    },
    list: (owners) => listStations(db, owners),
    find: (owners, id) => findStation(db, owners, { id }),
    create: async (scope, owners, body) => {
      const values = await readStationInput(db, owners, body);
      const row = await uniqueKey(CODE_TAKEN, () =>
        db.kysely
          .insertInto('refillStations')
          .values({ ...values, userId: scope.user.id })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      return Number(row.id);
    },
    update: async (owners, id, body) => {
      const values = await readStationInput(db, owners, body, id);
      await uniqueKey(CODE_TAKEN, () =>
        db.kysely.updateTable('refillStations').set(values).where('id', '=', id).execute(),
      );
    },
    remove: (id) => removeStation(db, id),
  });

  clientRowsRoutes(app, services, {
    path: 'refill_operators',
    tags: ['refill operators'],
    row: operatorSchema,
    body: operatorBody,
    centreOnly: true,
    managersOnly: false,
    docs: {
      list: { summary: 'Refill operators of the client (never their passwords)' },
      one: { summary: 'A refill operator by id' },
      create: {
        summary: 'Add a refill operator',
        description:
          'username unique within the client ("Nome de utilizador já existe"; another client may hold the ' +
          'same one), password of 6 characters or more ' +
          '("Password inválida"), stored as a scrypt hash; name required; alert_emails a list of addresses.',
      },
      update: {
        summary: 'Edit a refill operator (an empty password keeps the current one)',
        description:
          'Only its creator, a user who manages its creator, or an administrator (403 otherwise): the ' +
          "operator's credentials open the app with its creator's scope.",
      },
      remove: {
        summary: 'Remove a refill operator (its refills keep its name and code)',
        description: 'Only its creator, a user who manages its creator, or an administrator (403 otherwise).',
      },
    },
    list: (owners) => listOperators(db, owners),
    find: (owners, id) => findOperator(db, owners, id),
    create: async (scope, owners, body) => {
      const values = await readOperatorInput(db, owners, body);
      // readOperatorInput refuses a new operator without a password
      if (!values.hashedPassword || !values.salt) throw badRequest(INVALID_PASSWORD);
      const { hashedPassword, salt } = values;
      const row = await uniqueKey(USERNAME_TAKEN, () =>
        db.kysely
          .insertInto('refillOperators')
          .values({ ...values, hashedPassword, salt, userId: scope.user.id })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      return Number(row.id);
    },
    update: async (owners, id, body) => {
      const values = await readOperatorInput(db, owners, body, id);
      await uniqueKey(USERNAME_TAKEN, () =>
        db.kysely.updateTable('refillOperators').set(values).where('id', '=', id).execute(),
      );
      // a new password ends the operator's app sessions
      if ('hashedPassword' in values)
        await db.kysely.deleteFrom('refillOperatorSessions').where('operatorId', '=', id).execute();
    },
    remove: async (id) => {
      await db.kysely.deleteFrom('refillOperators').where('id', '=', id).execute();
    },
  });

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
          'Only the fields sent change (a profile saved without `code` keeps the code). Thresholds in ' +
          'L/100km (l100km_yellow, l100km_red; the L/km ones are these / 100) and L/h (lh_yellow, lh_red), ' +
          'each a positive number or null (no threshold): 400 ' +
          `"${THRESHOLD_INVALID}"; yellow below red ("${L100KM_ORDER}", "${LH_ORDER}"); ` +
          `consumption_profile at most 128 characters ("${PROFILE_TOO_LONG}"). ` +
          'They are copied onto each refill saved afterwards, whose consumption cells they colour.',
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

  // app version: the administrator's row, else FROTA_REFILLS_APP_URL and FROTA_REFILLS_APP_VERSION
  const appSettings = readRefillsSettings(services.config.moduleEnv);
  app.get(
    `${BASE}/refill_app_version`,
    {
      schema: {
        tags: ['refill app'],
        summary: 'The latest Android app of the refill operators: apk_version and its link apk_url',
        description:
          'As an administrator set them (PUT), else the server settings FROTA_REFILLS_APP_VERSION and ' +
          'FROTA_REFILLS_APP_URL; an empty text when neither says.',
        response: { 200: appVersionAnswer, ...refused },
      },
    },
    async (req) => {
      await refillScope(services, req, true);
      return readAppVersion(db, appSettings);
    },
  );
  app.put(
    `${BASE}/refill_app_version`,
    {
      schema: {
        tags: ['refill app'],
        summary: 'Set the latest app version and link (administrators: one app for every client)',
        description:
          `apk_version required, 64 characters at most (400 "${APP_VERSION_REQUIRED}", ` +
          `"${APP_VERSION_TOO_LONG}"); apk_url an http:// or https:// address (400 "${APP_URL_INVALID}"). ` +
          `403 "${ADMINISTRATORS_ONLY}" for other users.`,
        body: z.object({ apk_version: z.string().optional(), apk_url: z.string().optional() }),
        response: { 200: appVersionAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      if (!scope.admin) throw forbidden(ADMINISTRATORS_ONLY);
      const next = readAppInput(req.body as Record<string, unknown>);
      await writeAppVersion(db, next);
      return next;
    },
  );
}
