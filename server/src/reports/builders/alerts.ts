/** Alertas (events chosen among document 2 §2.2's list) and Imobilizações (block requests). */
import { hasPermission, knotsToKmh, numberAttr } from '@frota/core';
import { counted, col, kmh, round, table, type Cell, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { parseJson } from '../../db/mapping';
import { eventTitle } from '../../events/notify/eventText';
import { coords, driverNames, periodText } from './common';
import { hidesPositionOf } from '../privacy';

export const MAX_EVENT_ROWS = 100_000;

/** Alert keys of the filter screen -> stored type and, for alarms, the alarm names. */
export const ALERT_TYPES: Record<string, { type: string; alarms?: string[] }> = {
  geofenceEnter: { type: 'geofenceEnter' },
  geofenceExit: { type: 'geofenceExit' },
  deviceOverspeed: { type: 'deviceOverspeed' },
  deviceFuelDrop: { type: 'deviceFuelDrop' },
  alarmLowBattery: { type: 'alarm', alarms: ['lowBattery'] },
  alarmSos: { type: 'alarm', alarms: ['sos'] },
  alarmMalfunction: { type: 'alarm', alarms: ['malfunction'] },
  alarmHardAcceleration: { type: 'alarm', alarms: ['hardAcceleration'] },
  alarmHardBraking: { type: 'alarm', alarms: ['hardBraking'] },
  alarmHardCornering: { type: 'alarm', alarms: ['hardCornering'] },
  alarmTampering: { type: 'alarm', alarms: ['tampering'] },
  alarmSeatbeltAndLights: { type: 'alarm', alarms: ['seatbelt', 'lights', 'seatbelt+lights'] },
};
const SEATBELT = 'alarmSeatbeltAndLights';

export const ALERT_COLUMNS = [
  col('Data', 'datetime'),
  col('Veículo'),
  col('Matrícula'),
  col('Alerta'),
  col('Detalhes'),
  col('Velocidade (km/h)', 'integer'),
  col('Local'),
  col('Condutor'),
];

export const BLOCK_COLUMNS = [
  col('Data', 'datetime'),
  col('Veículo'),
  col('Matrícula'),
  col('Acção'),
  col('Utilizador'),
  col('Estado'),
  col('Resposta'),
];

interface EventRow {
  id: number;
  type: string;
  eventTime: number;
  deviceId: number;
  geofenceId: number | null;
  attributes: Record<string, unknown>;
  positionId: number | null;
}

async function loadEvents(ctx: ReportContext, types: string[]): Promise<EventRow[]> {
  if (!ctx.vehicles.length || !types.length) return [];
  const rows = await ctx.db.kysely
    .selectFrom('events')
    .select(['id', 'type', 'eventTime', 'deviceId', 'geofenceId', 'attributes', 'positionId'])
    .where(
      'deviceId',
      'in',
      ctx.vehicles.map((v) => v.id),
    )
    .where('eventTime', '>=', ctx.request.from)
    .where('eventTime', '<=', ctx.request.to)
    .where('type', 'in', types)
    .orderBy('eventTime')
    .orderBy('id')
    .limit(MAX_EVENT_ROWS)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    eventTime: Number(r.eventTime),
    deviceId: Number(r.deviceId),
    geofenceId: r.geofenceId == null ? null : Number(r.geofenceId),
    attributes: parseJson(r.attributes),
    positionId: r.positionId == null ? null : Number(r.positionId),
  }));
}

async function positionsOf(ctx: ReportContext, ids: number[]) {
  const out = new Map<
    number,
    {
      latitude: number;
      longitude: number;
      speed: number;
      address: string | null;
      attributes: Record<string, unknown>;
    }
  >();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await ctx.db.kysely
      .selectFrom('positions')
      .select(['id', 'latitude', 'longitude', 'speed', 'address', 'attributes'])
      .where('id', 'in', unique.slice(i, i + 500))
      .execute();
    for (const r of rows)
      out.set(Number(r.id), {
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        speed: Number(r.speed),
        address: r.address,
        attributes: parseJson(r.attributes),
      });
  }
  return out;
}

const alarmNames = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** The alert keys asked for (all when none), without the seatbelt ones for users lacking the permission. */
export function alertKeys(ctx: ReportContext): string[] {
  const asked = ctx.request.events.filter((k) => k in ALERT_TYPES);
  const keys = asked.length ? asked : Object.keys(ALERT_TYPES);
  return keys.filter((k) => k !== SEATBELT || hasPermission(ctx.scope.user, 'global.alert_seatbelt_lights'));
}

/** A chosen alert by its name ("Entrada em zona", "Alarme: SOS"), as the table's rows write it. */
const alertKeyTitle = (key: string): string => {
  const w = ALERT_TYPES[key]!;
  return eventTitle({ type: w.type, attributes: w.alarms ? { alarm: w.alarms[0] } : {} });
};

export async function alertsReport(ctx: ReportContext): Promise<ReportResult[]> {
  const keys = alertKeys(ctx);
  const wanted = keys.map((k) => ALERT_TYPES[k]);
  const alarms = new Set(wanted.flatMap((w) => w.alarms ?? []));
  const events = (await loadEvents(ctx, [...new Set(wanted.map((w) => w.type))])).filter(
    (e) => e.type !== 'alarm' || alarmNames(e.attributes.alarm).some((a) => alarms.has(a)),
  );
  if (!events.length) return [];
  const positions = await positionsOf(
    ctx,
    events.map((e) => e.positionId).filter((x): x is number => x !== null),
  );
  const zoneRows = await ctx.db.kysely.selectFrom('geofences').select(['id', 'name']).execute();
  const zoneNames = new Map(zoneRows.map((z) => [Number(z.id), z.name]));
  const names = await driverNames(ctx);
  const vehicles = new Map(ctx.vehicles.map((v) => [v.id, v]));
  const data = events.map((e): Cell[] => {
    const v = vehicles.get(e.deviceId)!;
    const found = e.positionId !== null ? positions.get(e.positionId) : undefined;
    // a private vehicle's (or privacy-mode) alert: no place, speed or zone (auth/privacy.ts)
    const hidden = hidesPositionOf(ctx, v)(found?.attributes);
    const p = hidden ? undefined : found;
    const speedKnots = hidden ? undefined : (numberAttr(e.attributes.speed) ?? p?.speed);
    const limit = numberAttr(e.attributes.speedLimit);
    let details = '';
    if (e.geofenceId !== null && !hidden) details = zoneNames.get(e.geofenceId) ?? '';
    if (e.type === 'deviceOverspeed' && speedKnots !== undefined)
      details =
        `${kmh(knotsToKmh(speedKnots))} km/h` +
        (limit ? ` (limite ${kmh(knotsToKmh(limit))} km/h)` : '') +
        (details ? ` · ${details}` : '');
    if (e.type === 'deviceFuelDrop') details = `Queda de ${round(numberAttr(e.attributes.fuelDrop) ?? 0, 1)}`;
    const driver = found?.attributes.driverUniqueId ? String(found.attributes.driverUniqueId) : '';
    return [
      ctx.zone.dateTime(e.eventTime),
      v.name,
      v.plate,
      eventTitle(e),
      details,
      speedKnots !== undefined ? kmh(knotsToKmh(speedKnots)) : null,
      p ? (p.address ?? coords(p)) : '',
      driver ? (names.get(driver) ?? driver) : '',
    ];
  });
  return [
    table({
      report: 'alerts',
      title: 'Alertas',
      subtitle: periodText(ctx),
      subtitle2: counted(ctx.vehicles.length, 'veículo', 'veículos'),
      subtitle3:
        keys.length === Object.keys(ALERT_TYPES).length
          ? ''
          : `Alertas: ${keys.map(alertKeyTitle).join(', ')}`,
      columns: ALERT_COLUMNS,
      data,
      footer: [['Total', counted(events.length, 'alerta', 'alertas'), '', '', '', null, '', '']],
    }),
  ];
}

const STATES: Record<string, string> = {
  sent: 'Enviado',
  queued: 'Em fila',
  failed: 'Falhou',
  answered: 'Respondido',
};

export async function blockReport(ctx: ReportContext): Promise<ReportResult[]> {
  const events = await loadEvents(ctx, ['blockRequest', 'unBlockRequest']);
  if (!events.length) return [];
  const vehicles = new Map(ctx.vehicles.map((v) => [v.id, v]));
  const data = events.map((e): Cell[] => {
    const v = vehicles.get(e.deviceId)!;
    const state = String(e.attributes.state ?? '');
    return [
      ctx.zone.dateTime(e.eventTime),
      v.name,
      v.plate,
      e.type === 'blockRequest' ? 'Imobilização' : 'Desimobilização',
      String(e.attributes.user ?? e.attributes.email ?? ''),
      STATES[state] ?? state,
      e.attributes.result === undefined ? '' : String(e.attributes.result),
    ];
  });
  return [
    table({
      report: 'block',
      title: 'Imobilizações',
      subtitle: periodText(ctx),
      subtitle2: counted(ctx.vehicles.length, 'veículo', 'veículos'),
      columns: BLOCK_COLUMNS,
      data,
      footer: [['Total', counted(events.length, 'pedido', 'pedidos'), '', '', '', '', '']],
    }),
  ];
}
