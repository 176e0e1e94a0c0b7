/**
 * Traccar's report API over the same engine: GET /api/reports/{route,events,trips,stops,summary} with
 * deviceId/groupId (repeatable), from, to (ISO); JSON as Traccar answers it, or `/{type}` where `xlsx`
 * answers a spreadsheet and `mail` sends it to the user by e-mail and answers 204 (as does the plain path
 * asked for a spreadsheet by `Accept`, with `mail=true` to mail it).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { kmhToKnots } from '@frota/core';
import { assertPermission, requireScope } from '../auth/guard';
import { canSee, whereVisible, type Scope } from '../auth/policy';
import { PrivacyFilter } from '../auth/privacy';
import type { Services } from '../services/context';
import { badRequest, notFound } from '../errors';
import { eventJson, positionJson } from '../db/rows';
import { buildContext, type ReportContext } from './context';
import { zoneFor } from '../track/timezone';
import { MSG_NO_VEHICLES, MSG_PERIOD, MAX_PERIOD_DAYS, parseIds, type ReportRequest } from './request';
import { addresses, assignedDrivers, driverNames, placeHidden } from './builders/common';
import { vehicleTrips } from './builders/trips';
import { vehicleStops } from './builders/stops';
import { vehicleDays } from './builders/days';
import { MIN_STOP_MS, segmentDistance } from '../track/tracker';
import { DEFAULT_WEEK } from '../track/workingHours';
import { toXlsx } from './export/xlsx';
import { fileWords } from './export/fileWords';
import { reportTranslator } from './i18n/reportTexts';
import { col, table, type Cell, type ReportResult } from './model';
import { contentDisposition } from './export';

const MAX_ROWS = 100_000;
const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
const knots = (kmh: number) => kmhToKnots(kmh);

export const traccarReportQuery = z.object({
  deviceId: z.union([z.coerce.number(), z.array(z.coerce.number())]).optional(),
  groupId: z.union([z.coerce.number(), z.array(z.coerce.number())]).optional(),
  from: z.string(),
  to: z.string(),
  type: z.union([z.string(), z.array(z.string())]).optional(),
  alarm: z.union([z.string(), z.array(z.string())]).optional(),
  daily: z.enum(['true', 'false']).optional(),
  mail: z.enum(['true', 'false']).optional(),
});
export type TraccarReportQuery = z.infer<typeof traccarReportQuery>;
type Query = TraccarReportQuery;

async function groupDevices(services: Services, scope: Scope, groups: number[]): Promise<number[]> {
  const k = services.db.kysely;
  for (const g of groups) if (!(await canSee(services.db, scope, 'groups', g))) throw notFound();
  let all = [...groups];
  for (let frontier = groups; frontier.length;) {
    frontier = (await k.selectFrom('groups').select('id').where('groupId', 'in', frontier).execute())
      .map((r) => Number(r.id))
      .filter((id) => !all.includes(id));
    all = [...all, ...frontier];
  }
  if (!all.length) return [];
  let q = k.selectFrom('devices').select('devices.id').where('groupId', 'in', all);
  q = whereVisible(q, 'devices.id', services.db, scope, 'devices');
  return (await q.execute()).map((r) => Number(r.id));
}

/** The report context of a Traccar report request: its permission, period, devices and groups checked. */
export async function traccarReportContext(
  services: Services,
  scope: Scope,
  q: Query,
  permission: string,
): Promise<ReportContext> {
  assertPermission(scope, permission);
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (!Number.isFinite(from) || !Number.isFinite(to) || from > to)
    throw badRequest('Por favor seleccione um período válido');
  const items = [
    ...new Set([...parseIds(q.deviceId), ...(await groupDevices(services, scope, parseIds(q.groupId)))]),
  ];
  if (!items.length) throw badRequest(MSG_NO_VEHICLES);
  if (items.length > 1 && to - from > MAX_PERIOD_DAYS * 86_400_000) throw badRequest(MSG_PERIOD);
  const request: ReportRequest = {
    items,
    itemsType: 'V',
    from,
    to,
    options: { select1: '', select2: '', text1: '', text2: '', check1: false, check2: false },
    week: undefined,
    geofences: [],
    events: [],
    costTypes: [],
    groups: [],
    passengers: [],
    keyValueItems: [],
    format: 'json',
  };
  return buildContext(services, scope, 'traccar', request);
}

async function trips(ctx: ReportContext) {
  const out = [];
  const names = await driverNames(ctx);
  const assigned = await assignedDrivers(
    ctx,
    ctx.vehicles.map((v) => v.id),
  );
  for (const v of ctx.vehicles) {
    const list = await vehicleTrips(ctx, v, DEFAULT_WEEK, assigned.get(v.id));
    const places = await addresses(
      ctx,
      list.flatMap((t) => [t.start, t.end]),
    );
    for (const t of list)
      out.push({
        deviceId: v.id,
        deviceName: v.name,
        maxSpeed: knots(t.maxSpeed),
        averageSpeed: t.durationMs > 0 ? knots(t.distanceM / 1000 / (t.durationMs / 3_600_000)) : 0,
        distance: t.distanceM,
        spentFuel: 0,
        duration: t.durationMs,
        startTime: iso(t.startTime),
        startAddress: places.get(t.start.id) || null,
        startLat: placeHidden(places, t.start) ? 0 : t.start.latitude,
        startLon: placeHidden(places, t.start) ? 0 : t.start.longitude,
        endTime: iso(t.endTime),
        endAddress: places.get(t.end.id) || null,
        endLat: placeHidden(places, t.end) ? 0 : t.end.latitude,
        endLon: placeHidden(places, t.end) ? 0 : t.end.longitude,
        startOdometer: t.start.odometer ?? 0,
        endOdometer: t.end.odometer ?? 0,
        startPositionId: t.start.id,
        endPositionId: t.end.id,
        driverUniqueId: t.driver ?? null,
        driverName: t.driver ? (names.get(t.driver) ?? null) : null,
      });
  }
  return out;
}

async function stops(ctx: ReportContext) {
  const out = [];
  for (const v of ctx.vehicles) {
    const list = await vehicleStops(ctx, v, MIN_STOP_MS);
    const places = await addresses(
      ctx,
      list.map((s) => s.at),
    );
    for (const s of list)
      out.push({
        deviceId: v.id,
        deviceName: v.name,
        duration: s.endTime - s.startTime,
        startTime: iso(s.startTime),
        endTime: iso(s.endTime),
        address: places.get(s.at.id) || null,
        latitude: placeHidden(places, s.at) ? 0 : s.at.latitude,
        longitude: placeHidden(places, s.at) ? 0 : s.at.longitude,
        spentFuel: 0,
        engineHours: s.idleMs,
        startOdometer: s.at.odometer ?? 0,
        endOdometer: (s.at.odometer ?? 0) + segmentDistance(s),
        positionId: s.at.id,
      });
  }
  return out;
}

async function summary(ctx: ReportContext, daily: boolean) {
  const out = [];
  for (const v of ctx.vehicles) {
    const { days, span } = await vehicleDays(ctx, v);
    const list = [...days.values()];
    const groups = daily ? list.map((d) => [d]) : [list];
    for (const g of groups) {
      if (!g.length) continue;
      const distance = g.reduce((s, d) => s + d.distance, 0);
      const driving = g.reduce((s, d) => s + d.drivingMs, 0);
      const engine = g.reduce((s, d) => s + d.drivingMs + d.idleMs, 0);
      const one = g.length === 1 ? g[0] : undefined;
      out.push({
        deviceId: v.id,
        deviceName: v.name,
        maxSpeed: knots(Math.max(0, ...g.map((d) => d.maxSpeed))),
        averageSpeed: driving > 0 ? knots(distance / 1000 / (driving / 3_600_000)) : 0,
        distance,
        spentFuel: 0,
        engineHours: engine,
        startTime: iso(daily ? Math.max(g[0].start, ctx.request.from) : span.firstTime),
        endTime: iso(daily ? Math.min(g[0].end, ctx.request.to) : span.lastTime),
        startOdometer: (daily ? one?.odometerStart : span.firstOdometer) ?? 0,
        endOdometer: (daily ? one?.odometerEnd : span.lastOdometer) ?? 0,
        startHours: (daily ? one?.hoursStart : span.firstHours) ?? 0,
        endHours: (daily ? one?.hoursEnd : span.lastHours) ?? 0,
      });
    }
  }
  return out;
}

async function route(ctx: ReportContext) {
  const rows = await ctx.db.kysely
    .selectFrom('positions')
    .selectAll()
    .where(
      'deviceId',
      'in',
      ctx.vehicles.map((v) => v.id),
    )
    .where('fixTime', '>=', ctx.request.from)
    .where('fixTime', '<=', ctx.request.to)
    .orderBy('deviceId')
    .orderBy('fixTime')
    .limit(MAX_ROWS)
    .execute();
  const privacy = await PrivacyFilter.for(
    ctx.db,
    ctx.scope.user,
    ctx.vehicles.map((v) => v.id),
  );
  return rows.map((r) => privacy.apply(positionJson(r)));
}

/** A repeatable or comma-separated query list (`type=a&type=b` or `type=a,b`). */
const listOf = (v: string | string[] | undefined): string[] =>
  v === undefined
    ? []
    : [v]
        .flat()
        .flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter(Boolean);

/** Events of the types asked for (none, `allEvents` or `%`: all); alarms only of the `alarm` names given. */
async function events(ctx: ReportContext, types: string[], alarms: string[]) {
  let q = ctx.db.kysely
    .selectFrom('events')
    .selectAll()
    .where(
      'deviceId',
      'in',
      ctx.vehicles.map((v) => v.id),
    )
    .where('eventTime', '>=', ctx.request.from)
    .where('eventTime', '<=', ctx.request.to);
  const all = !types.length || types.includes('allEvents') || types.includes('%');
  if (!all) q = q.where('type', 'in', types);
  const read = (await q.orderBy('eventTime').limit(MAX_ROWS).execute()).map(eventJson);
  // the alarm name is read before privacy removes a hidden event's attributes
  const named =
    all || !alarms.length
      ? read
      : read.filter((e) => e.type !== 'alarm' || alarms.includes(String(e.attributes.alarm)));
  const privacy = await PrivacyFilter.for(
    ctx.db,
    ctx.scope.user,
    ctx.vehicles.map((v) => v.id),
  );
  return privacy.events(ctx.db, named);
}

/** Flat objects -> one sheet (nested values as JSON text). */
export function sheetOf(name: string, rows: Array<Record<string, unknown>>): ReportResult[] {
  if (!rows.length) return [];
  const keys = Object.keys(rows[0]);
  const cell = (v: unknown): Cell =>
    v === null || v === undefined
      ? null
      : typeof v === 'number' || typeof v === 'string'
        ? v
        : JSON.stringify(v);
  return [
    table({
      report: name,
      title: name,
      subtitle: '',
      columns: keys.map((k) => col(k, typeof rows[0][k] === 'number' ? 'number' : 'text')),
      data: rows.map((r) => keys.map((k) => cell(r[k]))),
    }),
  ];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export type SheetDelivery = 'json' | 'xlsx' | 'mail';

/** How a report request wants its answer: `/{type}`, or the plain path asked for a spreadsheet by Accept. */
export function deliveryOf(req: FastifyRequest, type?: string): SheetDelivery {
  if (type === 'xlsx' || type === 'mail') return type;
  const accept = req.headers.accept ?? '';
  if (!accept.includes(XLSX_TYPE) || accept.includes('application/json')) return 'json';
  return (req.query as { mail?: string }).mail === 'true' ? 'mail' : 'xlsx';
}

export interface SheetFile {
  kind: string;
  rows: Array<Record<string, unknown>>;
  client: string;
}

/**
 * A report's rows as Traccar answers `xlsx` (the spreadsheet, as an attachment) or `mail` (the same file
 * mailed to the user in the background, 204 at once, as Traccar's ReportMailer does).
 */
export async function deliverSheet(
  services: Services,
  scope: Scope,
  reply: FastifyReply,
  sheet: SheetFile,
  mode: 'xlsx' | 'mail',
): Promise<FastifyReply> {
  const now = Date.now();
  const body = await toXlsx(
    sheetOf(sheet.kind, sheet.rows),
    sheet.kind,
    sheet.client,
    fileWords(reportTranslator(scope.user.attributes.language)),
  );
  const file = {
    body,
    contentType: XLSX_TYPE,
    filename: `${sheet.kind}_${zoneFor(scope.user.attributes.timezone).stamp(now)}.xlsx`,
    disposition: 'attachment' as const,
  };
  if (mode === 'mail') {
    mailSheet(services, scope, sheet, file, reply.log);
    return reply.code(204).send();
  }
  return reply.header('content-disposition', contentDisposition(file)).type(XLSX_TYPE).send(body);
}

function mailSheet(
  services: Services,
  scope: Scope,
  sheet: SheetFile,
  file: { body: Buffer; filename: string },
  log: FastifyBaseLogger,
): void {
  services.mailer
    .send({
      to: scope.user.email,
      subject: `Relatório ${sheet.kind}`,
      text: `Segue em anexo o relatório ${sheet.kind}.\n\n${sheet.client}`,
      attachments: [{ filename: file.filename, content: file.body, contentType: XLSX_TYPE }],
    })
    .catch((err: unknown) => log.warn({ err }, 'report mail failed'));
}

/** The kinds of /api/reports/{kind}: their permission and rows (also mailed by Traccar's scheduled reports). */
export const TRACCAR_REPORT_KINDS = {
  route: { permission: 'reports.positions', run: (ctx: ReportContext) => route(ctx) },
  events: {
    permission: 'reports.alerts',
    run: (ctx: ReportContext, q: Query) => events(ctx, listOf(q.type), listOf(q.alarm)),
  },
  trips: { permission: 'reports.trips', run: (ctx: ReportContext) => trips(ctx) },
  stops: { permission: 'reports.stops', run: (ctx: ReportContext) => stops(ctx) },
  summary: {
    permission: 'reports.km',
    run: (ctx: ReportContext, q: Query) => summary(ctx, q.daily === 'true'),
  },
} as const;

export const sheetType = z.object({ type: z.enum(['xlsx', 'mail']) });

export function traccarReportRoutes(app: FastifyInstance, services: Services): void {
  for (const [kind, def] of Object.entries(TRACCAR_REPORT_KINDS)) {
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const scope = await requireScope(services, req);
      const q = req.query as Query;
      const ctx = await traccarReportContext(services, scope, q, def.permission);
      const rows = (await def.run(ctx, q)) as Array<Record<string, unknown>>;
      const mode = deliveryOf(req, (req.params as { type?: string }).type);
      if (mode === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
      return deliverSheet(services, scope, reply, { kind, rows, client: ctx.client.title }, mode);
    };
    const schema = {
      tags: ['reports'],
      summary: `Traccar ${kind} report (permission ${def.permission})`,
      querystring: traccarReportQuery,
    };
    app.get(`/api/reports/${kind}`, { schema }, handler);
    app.get(
      `/api/reports/${kind}/:type`,
      {
        schema: {
          ...schema,
          params: sheetType,
          summary: `${schema.summary}: xlsx downloads it, mail sends it to the user by e-mail (204)`,
        },
      },
      handler,
    );
  }
}
