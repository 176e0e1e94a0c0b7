/** Row <-> JSON mappers of every entity, the one place where dialect representations are converted. */
import type { Dialect } from './database';
import type { PositionJson } from '@frota/core';
import { fromBool, parseJson, toBool, toIso, toJson } from './mapping';

type Row = Record<string, unknown>;
const num = (v: unknown): number => Number(v);
const optNum = (v: unknown): number | null => (v == null ? null : Number(v));
const str = (v: unknown): string | null => (v == null ? null : String(v));

export interface User {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  readonly: boolean;
  administrator: boolean;
  disabled: boolean;
  expirationTime: string | null;
  userLimit: number;
  deviceLimit: number;
  token: string | null;
  attributes: Record<string, unknown>;
}

export const userJson = (r: Row): User => ({
  id: num(r.id),
  name: String(r.name),
  email: String(r.email),
  phone: str(r.phone),
  readonly: toBool(r.readonly),
  administrator: toBool(r.administrator),
  disabled: toBool(r.disabled),
  expirationTime: toIso(optNum(r.expirationTime)),
  userLimit: num(r.userLimit),
  deviceLimit: num(r.deviceLimit),
  token: str(r.token),
  attributes: parseJson(r.attributes),
});

export const deviceJson = (r: Row) => ({
  id: num(r.id),
  name: String(r.name),
  uniqueId: String(r.uniqueId),
  status: String(r.status ?? 'offline'),
  disabled: toBool(r.disabled),
  lastUpdate: toIso(optNum(r.lastUpdate)),
  positionId: optNum(r.positionId) ?? 0,
  groupId: optNum(r.groupId) ?? 0,
  phone: str(r.phone),
  model: str(r.model),
  contact: str(r.contact),
  category: str(r.category),
  attributes: parseJson(r.attributes),
});
export type Device = ReturnType<typeof deviceJson>;

export const groupJson = (r: Row) => ({
  id: num(r.id),
  name: String(r.name),
  groupId: optNum(r.groupId) ?? 0,
  attributes: parseJson(r.attributes),
});

export const driverJson = (r: Row) => ({
  id: num(r.id),
  name: String(r.name),
  uniqueId: String(r.uniqueId),
  attributes: parseJson(r.attributes),
});

export const geofenceJson = (r: Row) => ({
  id: num(r.id),
  name: String(r.name),
  description: str(r.description),
  area: String(r.area),
  calendarId: 0,
  attributes: parseJson(r.attributes),
});

export const notificationJson = (r: Row) => ({
  id: num(r.id),
  type: String(r.type),
  always: toBool(r.always),
  notificators: str(r.notificators) ?? '',
  calendarId: optNum(r.calendarId) ?? 0,
  commandId: 0,
  attributes: parseJson(r.attributes),
});

export const positionJson = (r: Row): PositionJson => ({
  id: num(r.id),
  deviceId: num(r.deviceId),
  protocol: str(r.protocol),
  serverTime: toIso(optNum(r.serverTime)),
  deviceTime: toIso(optNum(r.deviceTime)),
  fixTime: toIso(optNum(r.fixTime)),
  outdated: false,
  valid: toBool(r.valid),
  latitude: num(r.latitude),
  longitude: num(r.longitude),
  altitude: num(r.altitude),
  speed: num(r.speed),
  course: num(r.course),
  accuracy: num(r.accuracy),
  address: str(r.address),
  event: optNum(r.event),
  attributes: parseJson(r.attributes),
});
export type Position = PositionJson;

export const eventJson = (r: Row) => ({
  id: num(r.id),
  type: String(r.type),
  eventTime: toIso(optNum(r.eventTime)),
  deviceId: num(r.deviceId),
  positionId: optNum(r.positionId) ?? 0,
  geofenceId: optNum(r.geofenceId) ?? 0,
  maintenanceId: 0,
  attributes: parseJson(r.attributes),
});
export type EventJson = ReturnType<typeof eventJson>;

/** Values for the database from a JSON-side object: booleans and attributes converted for the dialect. */
export function rowValues(dialect: Dialect, input: Row, booleans: string[] = []): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || k === 'id') continue;
    if (k === 'attributes') out[k] = toJson(v as Record<string, unknown>);
    else if (booleans.includes(k)) out[k] = fromBool(dialect, v as boolean);
    else out[k] = v;
  }
  return out;
}
