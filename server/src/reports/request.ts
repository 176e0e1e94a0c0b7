/**
 * The body of a report run (document 2 §7), JSON or form, normalised and validated with the messages of
 * document 2 §5.
 */
import { z } from 'zod';
import { boolAttr } from '@frota/core';
import { badRequest } from '../services/errors';
import type { Zone } from './engine/timezone';
import { parseWeek, WeekError, type WorkingWeek } from './engine/workingHours';

export const FORMATS = ['json', 'pdf', 'excel', 'csv', 'xml'] as const;
export type Format = (typeof FORMATS)[number];

export const MAX_PERIOD_DAYS = 31;
export const MSG_NO_VEHICLES = 'Por favor seleccione os veículos pretendidos';
export const MSG_PERIOD = `Por favor seleccione um período máximo de ${MAX_PERIOD_DAYS} dias`;
export const MSG_BAD_PERIOD = 'Por favor seleccione um período válido';

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
  cost_types: z.unknown().optional(),
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

export function parseReportRequest(raw: unknown, zone: Zone): ReportRequest {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const items = parseIds(pick(body, 'devices'));
  if (!items.length) throw badRequest(MSG_NO_VEHICLES);
  const [from, to] = period(body, zone);
  if (items.length > 1 && to - from > MAX_PERIOD_DAYS * 86_400_000) throw badRequest(MSG_PERIOD);
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
    format: format as Format,
  };
}

/** A number option, or the default when empty or unreadable. */
export function numberOption(v: string, fallback: number): number {
  if (!v) return fallback;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}
