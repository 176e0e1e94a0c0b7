/**
 * The e-mail of an event shared from the alert central (document 2 §2.8, §5): the event's facts (vehicle,
 * plate, type, time in the sender's timezone, speed, driver, status), the address and a map link.
 */
import type { AlertEvent } from './eventRows';
import { eventTitle, formatDateTime, kmh, mapLink, userTimezone } from '../../events/notify/eventText';
import { escapeHtml } from '../../events/notify/mailTemplate';

export const INVALID_TO = 'Endereço de e-mail de destino inválido';
export const INVALID_CC = 'Endereço de e-mail de CC inválido';

export interface ShareMail {
  subject: string;
  text: string;
  html: string;
}

export function renderShareMail(event: AlertEvent, userAttributes: Record<string, unknown>): ShareMail {
  const timeZone = userTimezone(userAttributes);
  const title = eventTitle({ type: event.eventType, attributes: {} });
  const vehicle =
    event.deviceLicensePlate && event.deviceLicensePlate !== event.deviceName
      ? `${event.deviceName} (${event.deviceLicensePlate})`
      : event.deviceName;
  const status = event.lastStatusDetails
    ? `${event.lastStatusName} - ${event.lastStatusDetails}`
    : event.lastStatusName;
  const rows: Array<[string, string | null]> = [
    ['Alerta', title],
    ['Detalhes', event.details || null],
    ['Viatura', event.deviceName],
    ['Matrícula', event.deviceLicensePlate],
    ['Data/hora', `${formatDateTime(Date.parse(event.eventTime), timeZone)} (${timeZone})`],
    ['Velocidade', event.speed === null ? null : kmh(event.speed)],
    ['Condutor', event.driverName],
    ['Estado', status],
    ['Morada', event.address],
  ];
  const list = rows.filter((r): r is [string, string] => r[1] !== null && r[1] !== '');
  const link =
    event.latitude !== null && event.longitude !== null ? mapLink(event.latitude, event.longitude) : null;
  const subject = `${title} - ${vehicle}`.replace(/\s+/g, ' ').trim();
  const text = [
    ...list.map(([label, value]) => `${label}: ${value}`),
    ...(link ? [`Ver no mapa: ${link}`] : []),
  ].join('\n');
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const html = [
    '<!DOCTYPE html><html lang="pt"><body style="font-family:Arial,sans-serif;color:#222">',
    `<h2 style="margin:0 0 12px">${escapeHtml(title)}</h2>`,
    '<table style="border-collapse:collapse">',
    ...list.map(
      ([label, value]) =>
        `<tr><th align="left" ${cell}>${escapeHtml(label)}</th><td ${cell}>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...(link ? [`<p><a href="${escapeHtml(link)}">Ver no mapa</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
