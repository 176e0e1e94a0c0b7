/**
 * The e-mail of an event shared from the alert central (document 2 §2.8, §5): the event's facts (vehicle,
 * plate, type, time in the sender's timezone, speed, driver, status), the address and a map link, in the
 * sender's language.
 */
import type { InterfaceLanguage } from '@frota/core';
import type { AlertEvent } from './eventRows';
import {
  eventTitle,
  formatDateTime,
  kmh,
  localAddress,
  mapLink,
  readerOf,
} from '../../events/notify/eventText';
import { mailSubject, renderMailBody, type MailRows } from '../../events/notify/mailTemplate';
import { mailTexts, type MailTextId } from '../../events/notify/mailTexts';

export const INVALID_TO = 'Endereço de e-mail de destino inválido';
export const INVALID_CC = 'Endereço de e-mail de CC inválido';

export interface ShareMail {
  subject: string;
  text: string;
  html: string;
}

const STATUS_TEXTS: readonly MailTextId[] = ['status0', 'status1', 'status2', 'status3'];

/** The status's name (eventTypes.ts STATUS_NAMES) in the reader's language; the row's own in Portuguese. */
function statusText(event: AlertEvent, language: InterfaceLanguage): string {
  const id = STATUS_TEXTS[event.lastStatusId];
  return id && language !== 'pt' ? mailTexts(language)(id) : event.lastStatusName;
}

const OVERSPEED_DETAILS = /^(\d+ km\/h) \(limite (\d+ km\/h)\)(.*)$/s;
const FUEL_DROP_DETAILS = /^Queda de (.+)$/s;

/**
 * The alert central's details (eventRows.ts detailsOf) in the reader's language: "93 km/h (limite 80 km/h)"
 * of an overspeed and "Queda de 12.5" of a fuel drop; a zone's name as it is.
 */
function localDetails(type: string, details: string, language: InterfaceLanguage): string {
  if (language === 'pt') return details;
  const t = mailTexts(language);
  const overspeed = type === 'deviceOverspeed' ? OVERSPEED_DETAILS.exec(details) : null;
  if (overspeed) return t('speedAndLimit', { speed: overspeed[1]!, limit: overspeed[2]! }) + overspeed[3]!;
  const drop = type === 'deviceFuelDrop' ? FUEL_DROP_DETAILS.exec(details) : null;
  return drop ? t('fuelDrop', { amount: drop[1]! }) : details;
}

export function renderShareMail(event: AlertEvent, userAttributes: Record<string, unknown>): ShareMail {
  const { timeZone, language } = readerOf(userAttributes);
  const title = eventTitle({ type: event.eventType, attributes: {} }, language);
  const vehicle =
    event.deviceLicensePlate && event.deviceLicensePlate !== event.deviceName
      ? `${event.deviceName} (${event.deviceLicensePlate})`
      : event.deviceName;
  const status = event.lastStatusDetails
    ? `${statusText(event, language)} - ${event.lastStatusDetails}`
    : statusText(event, language);
  const rows: Array<[MailTextId, string | null]> = [
    ['alert', title],
    ['details', event.details ? localDetails(event.eventType, event.details, language) : null],
    ['vehicle', event.deviceName],
    ['plate', event.deviceLicensePlate],
    ['dateTime', `${formatDateTime(Date.parse(event.eventTime), timeZone)} (${timeZone})`],
    ['speed', event.speed === null ? null : kmh(event.speed)],
    ['driver', event.driverName],
    ['status', status],
    ['address', event.address ? localAddress(event.address, language) : null],
  ];
  const list = rows.filter((r): r is MailRows[number] => r[1] !== null && r[1] !== '');
  const link =
    event.latitude !== null && event.longitude !== null ? mapLink(event.latitude, event.longitude) : null;
  const body = renderMailBody(language, { title, rows: list, link, signed: false });
  return { subject: mailSubject(title, vehicle), ...body };
}
