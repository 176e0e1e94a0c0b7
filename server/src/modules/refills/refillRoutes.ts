/**
 * The refill calls of document 3 §7: the per-vehicle list and form (refill/{vehicleId}), delete, the refill
 * centre (refills/{from}/{to}) and share_refill. Refills follow their vehicle's visibility (404 otherwise).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INVALID_SHARE_CC,
  INVALID_SHARE_TO,
  REFILL_PERIOD_TOO_LONG,
  REFILL_SHARE_FAILED,
  isValidEmail,
} from '@frota/core';
import type { Services } from '../../services/context';
import type { Scope } from '../../auth/policy';
import { whereVisible } from '../../auth/policy';
import { zoneFor } from '../../track/timezone';
import { userTimezone } from '../../events/notify/eventText';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import {
  assertManager,
  assertRefillWrite,
  assertVehicle,
  clientUserIds,
  isManager,
  MANAGERS_ONLY,
  refillScope,
} from './access';
import { searchRefills, type CentreQuery } from './centre';
import { readRefillInput, type RefillInput } from './refillInput';
import { readRefill, refillJson, refillQuery, type RefillJson, type RefillViewer } from './refillRows';
import { deleteRefill, insertRefill, updateRefill } from './refillWrites';
import { announceRefill } from './liveRefills';
import { renderRefillMail } from './refillMail';
import { MAIL_LIMITED } from '../../auth/mailBudget';
import {
  centreAnswer,
  centreParams,
  centreQuery,
  deleteParams,
  idParams,
  messageAnswer,
  refillBody,
  refillSchema,
  shareBody,
  successAnswer,
  vehicleParams,
  vehicleRefillParams,
} from './schemas';
import { assertMailConfigured, MAIL_NOT_CONFIGURED } from '../../services/mailer';

export const BASE = '/report/api.php';
export const FIX_KM_HOURS = 'Apenas gestores podem corrigir km e horas';

/**
 * A refill of a vehicle the scope sees, or 404: as stored (`viewer` null, for edits) or as the user may
 * see it (`scope.user`: no phone position on a private vehicle).
 */
export async function visibleRefill(
  services: Services,
  scope: Scope,
  id: number,
  viewer: RefillViewer = scope.user,
): Promise<RefillJson> {
  const refill = await readRefill(services.db, id, zoneFor(scope.user.attributes.timezone), viewer);
  if (!refill) throw notFound();
  await assertVehicle(services.db, scope, refill.deviceId);
  return refill;
}

/** The station and the driver of a refill must be the scope's own. */
/**
 * The station and driver a refill names must be ones the user sees; on an edit, those the refill already
 * had are kept without a check (a colleague may fix a refill whose driver it does not see).
 */
async function checkReferences(
  services: Services,
  scope: Scope,
  input: RefillInput,
  kept: { stationId: number | null; driverId: number | null } = { stationId: null, driverId: null },
): Promise<void> {
  const { db } = services;
  if (input.stationId && input.stationId !== kept.stationId) {
    const owners = await clientUserIds(db, scope);
    let q = db.kysely.selectFrom('refillStations').select('id').where('id', '=', input.stationId);
    if (owners) q = q.where('userId', 'in', owners.length ? owners : [-1]);
    if (!(await q.executeTakeFirst())) throw notFound('No such station');
  }
  if (input.driverId && input.driverId !== kept.driverId) {
    let q = db.kysely.selectFrom('drivers').select('drivers.id').where('drivers.id', '=', input.driverId);
    q = whereVisible(q, 'drivers.id', db, scope, 'drivers');
    if (!(await q.executeTakeFirst())) throw notFound('No such driver');
  }
}

async function editRefill(
  services: Services,
  req: FastifyRequest,
  scope: Scope,
  id: number,
): Promise<RefillJson> {
  assertRefillWrite(scope);
  // as stored: the phone's position is kept when the form sends none
  const current = await visibleRefill(services, scope, id, null);
  const zone = zoneFor(scope.user.attributes.timezone);
  const input = readRefillInput(req.body as Record<string, unknown>, zone, Date.now());
  if ((input.km !== current.km || input.hours !== current.hours) && !isManager(scope))
    throw forbidden(FIX_KM_HOURS);
  await checkReferences(services, scope, input, current);
  // the app's position of the refill stays when the form does not send one
  input.latitude ??= input.stationId === current.stationId ? current.latitude : null;
  input.longitude ??= input.stationId === current.stationId ? current.longitude : null;
  await updateRefill(services.db, id, current.deviceId, input);
  announceRefill(services, id, current.deviceId);
  return (await readRefill(services.db, id, zone, scope.user))!;
}

export function refillRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['refills'];
  const refused = {
    400: messageAnswer,
    403: messageAnswer.describe('missing permission module.refills / management.summary, or read-only'),
    404: messageAnswer.describe('no such vehicle or refill among those the user sees'),
  };

  app.get(
    `${BASE}/refill/:vehicleId`,
    {
      schema: {
        tags,
        summary: "A vehicle's refills, newest first (module.refills or management.summary)",
        params: vehicleParams,
        response: { 200: refillSchema.array(), ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req);
      const { vehicleId } = req.params as { vehicleId: number };
      await assertVehicle(db, scope, vehicleId);
      const zone = zoneFor(scope.user.attributes.timezone);
      const rows = await refillQuery(db)
        .where('refills.deviceId', '=', vehicleId)
        .orderBy('refills.costDate', 'desc')
        .orderBy('refills.id', 'desc')
        .execute();
      return rows.map((r) => refillJson(r, zone, scope.user));
    },
  );

  app.get(
    `${BASE}/refill/:vehicleId/:id`,
    {
      schema: {
        tags,
        summary: 'One refill of a vehicle (the edit form)',
        params: vehicleRefillParams,
        response: { 200: refillSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req);
      const { vehicleId, id } = req.params as { vehicleId: number; id: number };
      const refill = await visibleRefill(services, scope, id);
      if (refill.deviceId !== vehicleId) throw notFound();
      return refill;
    },
  );

  app.post(
    `${BASE}/refill/:vehicleId`,
    {
      schema: {
        tags,
        summary: 'Add a manual refill to a vehicle (or edit refill body.id)',
        description:
          'Type M. cost is required and numeric (400 "O custo deve ser numérico"), cost_date required ' +
          '(400 "Data inválida"). The consumption since the previous refill is computed, and the next ' +
          "refill's is recomputed. With an id in the body the refill of that id is edited (generic form).",
        params: vehicleParams,
        body: refillBody,
        response: { 200: refillSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req);
      const body = req.body as Record<string, unknown>;
      const editId = Number(body.id);
      if (Number.isInteger(editId) && editId > 0) return editRefill(services, req, scope, editId);
      assertRefillWrite(scope);
      const { vehicleId } = req.params as { vehicleId: number };
      await assertVehicle(db, scope, vehicleId);
      const zone = zoneFor(scope.user.attributes.timezone);
      const input = readRefillInput(body, zone, Date.now());
      await checkReferences(services, scope, input);
      const id = await insertRefill(db, vehicleId, input, { type: 'M', userId: scope.user.id });
      announceRefill(services, id, vehicleId);
      return (await readRefill(db, id, zone, scope.user))!;
    },
  );

  app.put(
    `${BASE}/refill/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a refill',
        description:
          `Same body as the creation. Changing km or hours needs userLimit set (403 "${FIX_KM_HOURS}"). ` +
          'The consumptions of the refill and of its neighbours are recomputed.',
        params: idParams,
        body: refillBody,
        response: { 200: refillSchema, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req);
      return editRefill(services, req, scope, (req.params as { id: number }).id);
    },
  );

  app.delete(
    `${BASE}/refill/:deviceId/:id`,
    {
      schema: {
        tags,
        summary: 'Remove a refill (users with userLimit set only)',
        description: `403 "${MANAGERS_ONLY}" for other users. The next refill's consumption is recomputed.`,
        params: deleteParams,
        response: { 200: successAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req);
      assertRefillWrite(scope);
      const { deviceId, id } = req.params as { deviceId: number; id: number };
      const refill = await visibleRefill(services, scope, id);
      if (refill.deviceId !== deviceId) throw notFound();
      assertManager(scope);
      await deleteRefill(db, id, deviceId);
      announceRefill(services, id, deviceId);
      return { success: true as const };
    },
  );

  app.get(
    `${BASE}/refills/:from/:to`,
    {
      schema: {
        tags,
        summary: 'The refill centre (permission module.refills)',
        description:
          'Refills of the vehicles the user sees, days cut in the user timezone (both included; at most ' +
          `365 days counting both: 400 "${REFILL_PERIOD_TOO_LONG}"). With limit: one page, the count and the ` +
          'footer totals (Total Abastecido, Total Consumido) of every matching refill.',
        params: centreParams,
        querystring: centreQuery,
        response: { 200: centreAnswer, ...refused },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req, true);
      const { from, to } = req.params as { from: string; to: string };
      return searchRefills(db, scope, from, to, req.query as CentreQuery);
    },
  );

  app.post(
    `${BASE}/share_refill/:id`,
    {
      schema: {
        tags,
        summary: 'Send a refill by e-mail',
        description:
          `emailTo must be a valid address (400 "${INVALID_SHARE_TO}"), emailCc empty or valid ` +
          `(400 "${INVALID_SHARE_CC}"); 503 "${REFILL_SHARE_FAILED}" when the mail is not sent, ` +
          `"${MAIL_NOT_CONFIGURED}" when the server has no mail server. The mail holds the refill as stored. ` +
          `Read-only users are refused (403); 20 shares per user and per recipient an hour ` +
          `(429 "${MAIL_LIMITED}").`,
        params: idParams,
        body: shareBody,
        response: { 200: successAnswer, ...refused, 429: messageAnswer, 503: messageAnswer },
      },
    },
    async (req) => {
      const scope = await refillScope(services, req);
      // Sending mail in the platform's name is a change: read-only users cannot (issue 33, point 6).
      assertRefillWrite(scope);
      const { emailTo, emailCc } = req.body as { emailTo?: string; emailCc?: string };
      const to = emailTo?.trim() ?? '';
      const cc = emailCc?.trim() ?? '';
      if (!isValidEmail(to) || to.length > 254) throw badRequest(INVALID_SHARE_TO);
      if (cc && (!isValidEmail(cc) || cc.length > 254)) throw badRequest(INVALID_SHARE_CC);
      const refill = await visibleRefill(services, scope, (req.params as { id: number }).id);
      assertMailConfigured(services.mailer);
      await services.mailBudget.share(scope.user.id, cc ? [to, cc] : [to]);
      const mail = renderRefillMail(refill, userTimezone(scope.user.attributes));
      try {
        await services.mailer.send({ to, ...(cc ? { cc } : {}), ...mail });
      } catch (err) {
        req.log.error({ err: (err as Error).message }, 'share refill mail failed');
        throw new HttpError(503, REFILL_SHARE_FAILED);
      }
      return { success: true as const };
    },
  );
}
