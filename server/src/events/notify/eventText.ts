/**
 * How an event reads to a person, in Portuguese: its title and the facts (vehicle, plate, time in the
 * recipient's timezone, speed, zone, address, map link) shared by the e-mail and the SMS.
 */
import { knotsToKmh, zonedDateTime, zoneFormatter } from '@frota/core';
import type { EventContext } from '../../processing/types';
import { commaList } from './matching';

export const DEFAULT_TIMEZONE = 'Africa/Luanda';

const EVENT_TITLES: Record<string, string> = {
  deviceOverspeed: 'Excesso de velocidade',
  geofenceEnter: 'Entrada em zona',
  geofenceExit: 'Saída de zona',
  deviceFuelDrop: 'Queda de combustível',
  deviceFuelIncrease: 'Aumento de combustível',
  ignitionOn: 'Ignição ligada',
  ignitionOff: 'Ignição desligada',
  deviceOnline: 'Viatura online',
  deviceOffline: 'Viatura offline',
  deviceUnknown: 'Estado da viatura desconhecido',
  deviceMoving: 'Viatura em movimento',
  deviceStopped: 'Viatura parada',
  deviceInactive: 'Viatura inativa',
  driverChanged: 'Mudança de condutor',
  blockRequest: 'Pedido de imobilização',
  unBlockRequest: 'Pedido de desimobilização',
  commandResult: 'Resultado de comando',
  textMessage: 'Mensagem de texto',
  maintenance: 'Manutenção',
  media: 'Multimédia',
};

const ALARM_TITLES: Record<string, string> = {
  sos: 'SOS',
  lowBattery: 'Bateria fraca',
  hardAcceleration: 'Aceleração brusca',
  hardBraking: 'Travagem brusca',
  hardCornering: 'Curva brusca',
  tampering: 'Adulteração',
  malfunction: 'Avaria',
  seatbelt: 'Cinto de segurança',
  lights: 'Luzes',
  'seatbelt+lights': 'Cinto de segurança e luzes',
  general: 'Geral',
  tow: 'Reboque',
  accident: 'Acidente',
  jamming: 'Interferência de sinal',
  powerCut: 'Corte de alimentação',
  lowPower: 'Alimentação baixa',
  overspeed: 'Excesso de velocidade',
  vibration: 'Vibração',
  movement: 'Movimento',
  door: 'Porta',
  fatigueDriving: 'Condução com fadiga',
  idle: 'Ralenti',
};

/** "Excesso de velocidade", or "Alarme: SOS" for alarms (the web's "Alarm: type" in Portuguese). */
export function eventTitle(event: { type: string; attributes: Record<string, unknown> }): string {
  if (!event.type.startsWith('alarm')) return EVENT_TITLES[event.type] ?? event.type;
  // type alarm with attributes.alarm, or the alert central's spelling "alarmsos"
  const names =
    event.type === 'alarm' ? commaList(event.attributes.alarm) : [event.type.slice('alarm'.length)];
  return names.length ? `Alarme: ${names.map((n) => ALARM_TITLES[n] ?? n).join(', ')}` : 'Alarme';
}

/** The recipient's timezone (user attributes.timezone), Africa/Luanda when unset or unknown. */
export function userTimezone(attributes: Record<string, unknown> | undefined): string {
  const tz = attributes?.timezone;
  return typeof tz === 'string' && tz && zoneFormatter(tz) ? tz : DEFAULT_TIMEZONE;
}

/** DD/MM/YYYY HH:mm:ss in the timezone (Africa/Luanda when the timezone is unknown). */
export function formatDateTime(ms: number, timeZone: string): string {
  return zonedDateTime(ms, timeZone, DEFAULT_TIMEZONE);
}

export function mapLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

const finite = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

export const kmh = (knots: number): string => `${Math.round(knotsToKmh(knots))} km/h`;

export interface EventFacts {
  title: string;
  vehicle: string;
  plate: string | null;
  time: string;
  timeZone: string;
  speed: string | null;
  speedLimit: string | null;
  zone: string | null;
  address: string | null;
  driver: string | null;
  link: string | null;
  description: string | null;
}

/** Everything a message about the event says, formatted for one recipient. */
export function eventFacts(ctx: EventContext, timeZone: string, description?: string | null): EventFacts {
  const { event, device, position } = ctx;
  const plate = device.attributes.license_plate;
  const speedKnots = finite(event.attributes.speed) ?? position?.speed;
  const limitKnots = finite(event.attributes.speedLimit);
  const driver = event.attributes.driverName ?? event.attributes.driverUniqueId;
  return {
    title: eventTitle(event),
    vehicle: device.name,
    plate: typeof plate === 'string' && plate.trim() ? plate.trim() : null,
    time: formatDateTime(event.eventTime, timeZone),
    timeZone,
    speed: speedKnots === undefined ? null : kmh(speedKnots),
    speedLimit: limitKnots ? kmh(limitKnots) : null,
    zone: ctx.geofence?.name ?? null,
    address: position?.address || null,
    driver: driver == null || driver === '' ? null : String(driver),
    link: position ? mapLink(position.latitude, position.longitude) : null,
    description: description?.trim() || null,
  };
}

/** Vehicle name with its plate, once when they are the same. */
export const vehicleLabel = (f: Pick<EventFacts, 'vehicle' | 'plate'>): string =>
  f.plate && f.plate !== f.vehicle ? `${f.vehicle} (${f.plate})` : f.vehicle;
