/**
 * The body of a report run (document 2 §7), JSON or form, normalised and validated with the messages of
 * document 2 §5.
 */
import { z } from 'zod';
import { boolAttr } from '@frota/core';
import { badRequest } from '../errors';
import type { Zone } from '../track/timezone';
import { parseWeek, WeekError, type WorkingWeek } from '../track/workingHours';

export const FORMATS = ['json', 'pdf', 'excel', 'csv', 'xml'] as const;
export type Format = (typeof FORMATS)[number];

export const MAX_PERIOD_DAYS = 31;
export const MSG_NO_VEHICLES = 'Por favor seleccione os veículos pretendidos';
export const MSG_PERIOD = `Por favor seleccione um período máximo de ${MAX_PERIOD_DAYS} dias`;
export const MSG_BAD_PERIOD = 'Por favor seleccione um período válido';
/** Cost reports (document 2 §5, document 3 §5, §9): any number of vehicles, up to ten years. */
export const MAX_COST_PERIOD_DAYS = 3650;
export const MSG_COST_PERIOD = `Por favor seleccione um período máximo de ${MAX_COST_PERIOD_DAYS} dias`;
export const MSG_BAD_COST_TYPE = 'Tipo de custo inválido';

/** The cost types of the cost reports (document 2 §2.2, document 3 §3), in the spec's order. */
export const REPORT_COST_TYPES = [
  'maintenance',
  'refill',
  'insurance',
  'license',
  'tax',
  'cleaning',
  'other',
] as const;
export type ReportCostType = (typeof REPORT_COST_TYPES)[number];

/** How long a report's period may be: the standard 31 days with several items, or the cost reports' rule. */
export interface PeriodLimit {
  days: number;
  /** the limit applies to one item too */
  always: boolean;
  message: string;
}
export const STANDARD_LIMIT: PeriodLimit = { days: MAX_PERIOD_DAYS, always: false, message: MSG_PERIOD };
export const COST_LIMIT: PeriodLimit = {
  days: MAX_COST_PERIOD_DAYS,
  always: true,
  message: MSG_COST_PERIOD,
};

export interface ReportOptions {
  select1: string;
  select2: string;
  text1: string;
  text2: string;
  check1: boolean;
  check2: boolean;
}

export interface ReportRequest {
  items: number[];
  itemsType: 'V' | 'D';
  from: number;
  to: number;
  options: ReportOptions;
  week: WorkingWeek | undefined;
  geofences: number[];
  events: string[];
  /** cost reports: the chosen cost types (all when none is sent) */
  costTypes: ReportCostType[];
  /** group ids (the group reports) */
  groups: number[];
  /** passenger ids (the passenger reports' picker) */
  passengers: number[];
  /** key/value pairs, e.g. the group hours report's expected monthly hours per group id */
  keyValueItems: Array<{ key: string; value: string }>;
  format: Format;
}

const idList = z.union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()]);
/** Permissive on purpose: the handler gives the spec's Portuguese messages, not schema errors. */
export const reportBodySchema = z.looseObject({
  devices: idList.optional().describe('vehicle ids (itemsType V) or driver ids (D); array or "1,2,3"'),
  itemsType: z.string().optional().describe('V (default) or D'),
  from: z.string().optional().describe('YYYY-MM-DD HH:mm:ss in the user timezone'),
  to: z.string().optional().describe('YYYY-MM-DD HH:mm:ss in the user timezone (inclusive)'),
  month: z.string().optional().describe('YYYY-MM: the whole month (monthly reports)'),
  year: z
    .union([z.string(), z.number()])
    .optional()
    .describe('YYYY: the whole year (cost reports; replaces from/to)'),
  mode: z.unknown().optional(),
  select1: z.unknown().optional(),
  select2: z.unknown().optional(),
  text1: z.unknown().optional(),
  text2: z.unknown().optional(),
  check1: z.unknown().optional(),
  check2: z.unknown().optional(),
  week: z.unknown().optional().describe('working week object or its JSON text'),
  geofences: idList.optional(),
  events: z.union([z.array(z.string()), z.string()]).optional(),
  groups: z.unknown().optional(),
  keyValueItems: z.unknown().optional(),
  passengers: idList.optional().describe('passenger ids (passenger reports)'),
  cost_types: z
    .unknown()
    .optional()
    .describe(
      'cost reports: maintenance, refill, insurance, license, tax, cleaning, other (array or comma text; none = all)',
    ),
  format: z.string().optional().describe('json (default), pdf, excel, csv or xml'),
});

export function parseIds(v: unknown): number[] {
  const parts: unknown[] = Array.isArray(v)
    ? v.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]))
    : typeof v === 'string'
      ? v.split(',')
      : v === undefined || v === null || v === ''
        ? []
        : [v];
  const ids = parts
    .map((p) => (typeof p === 'string' ? p.trim() : p))
    .filter((p) => p !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());

function pick(body: Record<string, unknown>, key: string): unknown {
  return body[key] ?? body[`${key}[]`];
}

function period(body: Record<string, unknown>, zone: Zone): [number, number] {
  const year = text(body.year);
  if (year) {
    const y = /^\d{4}$/.test(year) ? Number(year) : NaN;
    if (!(y >= 1970 && y <= 9999)) throw badRequest(MSG_BAD_PERIOD);
    return [zone.toUtc(y, 1, 1), zone.toUtc(y + 1, 1, 1) - 1];
  }
  const month = text(body.month);
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (m) {
    const from = zone.toUtc(Number(m[1]), Number(m[2]), 1);
    return [from, zone.nextMonth(from) - 1];
  }
  const from = zone.parseLocal(text(body.from));
  const to = zone.parseLocal(text(body.to));
  if (from === undefined || to === undefined || from > to) throw badRequest(MSG_BAD_PERIOD);
  // `to` is inclusive to the second (…23:59:59 covers the whole last second)
  return [from, to + 999];
}

/** The chosen cost types: an array or comma text; none = every type; an unknown one → 400. */
export function parseCostTypes(v: unknown): ReportCostType[] {
  const list = (Array.isArray(v) ? v.map(String) : text(v).split(','))
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!list.length) return [...REPORT_COST_TYPES];
  for (const type of list)
    if (!(REPORT_COST_TYPES as readonly string[]).includes(type)) throw badRequest(MSG_BAD_COST_TYPE);
  return REPORT_COST_TYPES.filter((type) => list.includes(type));
}

/** `keyValueItems` as an array of {key, value} (or its JSON text); anything else is dropped. */
export function parseKeyValueItems(v: unknown): Array<{ key: string; value: string }> {
  let list: unknown = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) =>
    item && typeof item === 'object' && 'key' in item
      ? [{ key: text((item as { key: unknown }).key), value: text((item as { value?: unknown }).value) }]
      : [],
  );
}

/** What a report asks of its body beyond the common fields. */
export interface RequestRules {
  limit: PeriodLimit;
  /** reads `cost_types` (validated; other reports accept and ignore it) */
  costTypes?: boolean;
  /** the group reports: chosen `groups` may stand for the vehicles (none chosen then is fine) */
  groups?: boolean;
}

export function parseReportRequest(
  raw: unknown,
  zone: Zone,
  rules: RequestRules = { limit: STANDARD_LIMIT },
): ReportRequest {
  const { limit } = rules;
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const items = parseIds(pick(body, 'devices'));
  const groups = parseIds(pick(body, 'groups'));
  const byGroups = !!rules.groups && groups.length > 0;
  if (!items.length && !byGroups) throw badRequest(MSG_NO_VEHICLES);
  const [from, to] = period(body, zone);
  // `to` is the last millisecond: a period of N whole days is N days long
  if ((limit.always || items.length > 1 || byGroups) && to + 1 - from > limit.days * 86_400_000)
    throw badRequest(limit.message);
  let week: WorkingWeek | undefined;
  try {
    week = body.week === undefined || body.week === '' ? undefined : parseWeek(body.week);
  } catch (e) {
    if (e instanceof WeekError) throw badRequest(e.message);
    throw e;
  }
  const format = (text(body.format) || 'json').toLowerCase();
  if (!(FORMATS as readonly string[]).includes(format)) throw badRequest('Formato inválido');
  const eventsRaw = pick(body, 'events');
  const events = (Array.isArray(eventsRaw) ? eventsRaw.map(String) : text(eventsRaw || body.text1).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    items,
    itemsType: text(body.itemsType).toUpperCase() === 'D' ? 'D' : 'V',
    from,
    to,
    options: {
      select1: text(body.select1),
      select2: text(body.select2),
      text1: text(body.text1),
      text2: text(body.text2),
      check1: boolAttr(body.check1),
      check2: boolAttr(body.check2),
    },
    week,
    geofences: parseIds(pick(body, 'geofences')),
    events,
    costTypes: rules.costTypes ? parseCostTypes(pick(body, 'cost_types')) : [...REPORT_COST_TYPES],
    groups,
    passengers: parseIds(pick(body, 'passengers')),
    keyValueItems: parseKeyValueItems(body.keyValueItems),
    format: format as Format,
  };
}

/** A number option, or the default when empty or unreadable. */
export function numberOption(v: string, fallback: number): number {
  if (!v) return fallback;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}
