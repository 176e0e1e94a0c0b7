/**
 * How an event reads to a person, in the recipient's language: its title and the facts (vehicle, plate,
 * time in the recipient's timezone, speed, zone, address, map link) shared by the e-mail and the SMS.
 */
import {
  interfaceLanguage,
  knotsToKmh,
  parseRelativeAddress,
  zonedDateTime,
  zoneFormatter,
  type InterfaceLanguage,
} from '@frota/core';
import type { EventContext } from '../../processing/types';
import { ALARM_TITLES, EVENT_TITLES } from './eventTitles';
import { commaList } from './matching';
import { COMPASS_TEXTS, mailTexts, type Texts } from './mailTexts';

export const DEFAULT_TIMEZONE = 'Africa/Luanda';

const title = (table: Readonly<Record<string, Texts>>, key: string, language: InterfaceLanguage) =>
  Object.hasOwn(table, key) ? table[key]![language] : undefined;

/**
 * "Excesso de velocidade", or "Alarme: SOS" for alarms (the web's "Alarm: type"), in the reader's language
 * (Portuguese by default: the reports translate from it).
 */
export function eventTitle(
  event: { type: string; attributes: Record<string, unknown> },
  language: InterfaceLanguage = 'pt',
): string {
  if (!event.type.startsWith('alarm')) return title(EVENT_TITLES, event.type, language) ?? event.type;
  // type alarm with attributes.alarm, or the alert central's spelling "alarmsos"
  const names =
    event.type === 'alarm' ? commaList(event.attributes.alarm) : [event.type.slice('alarm'.length)];
  const t = mailTexts(language);
  if (!names.length) return t('alarm');
  return t('alarmTitle', { names: names.map((n) => title(ALARM_TITLES, n, language) ?? n).join(', ') });
}

/** Who reads a message: the timezone of its times and the language of its words. */
export interface Reader {
  timeZone: string;
  language: InterfaceLanguage;
}

/** The reader a user's attributes describe (timezone, language); Africa/Luanda and Portuguese by default. */
export const readerOf = (attributes: Record<string, unknown> | undefined): Reader => ({
  timeZone: userTimezone(attributes),
  language: interfaceLanguage(attributes?.language),
});

/**
 * A stored address in the reader's language: the offline geocoder's "4 km NO de Estalagem, AO" becomes
 * "4 km NW of Estalagem, AO" in English; any other address as it is.
 */
export function localAddress(address: string, language: InterfaceLanguage): string {
  const parts = parseRelativeAddress(address);
  if (!parts || language === 'pt') return address;
  return mailTexts(language)('relativeAddress', {
    km: String(parts.km),
    direction: COMPASS_TEXTS[parts.point][language],
    place: parts.place,
  });
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

/** Everything a message about the event says, formatted for one reader. */
export function eventFacts(ctx: EventContext, reader: Reader, description?: string | null): EventFacts {
  const { event, device, position } = ctx;
  const { timeZone, language } = reader;
  const plate = device.attributes.license_plate;
  const speedKnots = finite(event.attributes.speed) ?? position?.speed;
  const limitKnots = finite(event.attributes.speedLimit);
  const driver = event.attributes.driverName ?? event.attributes.driverUniqueId;
  return {
    title: eventTitle(event, language),
    vehicle: device.name,
    plate: typeof plate === 'string' && plate.trim() ? plate.trim() : null,
    time: formatDateTime(event.eventTime, timeZone),
    timeZone,
    speed: speedKnots === undefined ? null : kmh(speedKnots),
    speedLimit: limitKnots ? kmh(limitKnots) : null,
    zone: ctx.geofence?.name ?? null,
    address: position?.address ? localAddress(position.address, language) : null,
    driver: driver == null || driver === '' ? null : String(driver),
    link: position ? mapLink(position.latitude, position.longitude) : null,
    description: description?.trim() || null,
  };
}

/** Vehicle name with its plate, once when they are the same. */
export const vehicleLabel = (f: Pick<EventFacts, 'vehicle' | 'plate'>): string =>
  f.plate && f.plate !== f.vehicle ? `${f.vehicle} (${f.plate})` : f.vehicle;
