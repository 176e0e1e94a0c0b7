/** The alert e-mail: subject, plain text and simple HTML, in the recipient's language. */
import type { InterfaceLanguage } from '@frota/core';
import type { EventContext } from '../../processing/types';
import { eventFacts, readerOf, vehicleLabel, type EventFacts } from './eventText';
import { htmlLanguage, mailTexts, type MailTextId } from './mailTexts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailOptions {
  /** the recipient user's attributes (timezone, language) */
  userAttributes?: Record<string, unknown>;
  /** the notification's attributes.description */
  description?: string | null;
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail's rows: the label's id and the value, in reading order. */
export type MailRows = Array<[MailTextId, string]>;

export interface MailBody {
  title: string;
  rows: MailRows;
  link: string | null;
  /** ends with "Mensagem automática da plataforma Frota." */
  signed: boolean;
}

/** The text and HTML of a mail's facts, in `language` (right to left in Arabic). */
export function renderMailBody(language: InterfaceLanguage, body: MailBody): Omit<MailContent, 'subject'> {
  const t = mailTexts(language);
  const list = body.rows.map(([id, value]): [string, string] => [t(id), value]);
  const text = [
    ...list.map(([label, value]) => t('labelled', { label, value })),
    ...(body.link ? [t('labelled', { label: t('viewOnMap'), value: body.link })] : []),
    ...(body.signed ? ['', t('automatic')] : []),
  ].join('\n');
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const rtl = language === 'ar';
  const align = rtl ? 'right' : 'left';
  // Right to left, a value keeps its own direction: "111 km/h" and a date are not turned round
  const value = (text: string) => (rtl ? `<bdi>${escapeHtml(text)}</bdi>` : escapeHtml(text));
  const html = [
    `<!DOCTYPE html><html ${htmlLanguage(language)}><body style="font-family:Arial,sans-serif;color:#222">`,
    `<h2 style="margin:0 0 12px">${escapeHtml(body.title)}</h2>`,
    '<table style="border-collapse:collapse">',
    ...list.map(
      ([label, text]) =>
        `<tr><th align="${align}" ${cell}>${escapeHtml(label)}</th><td ${cell}>${value(text)}</td></tr>`,
    ),
    '</table>',
    ...(body.link ? [`<p><a href="${escapeHtml(body.link)}">${escapeHtml(t('viewOnMap'))}</a></p>`] : []),
    ...(body.signed ? [`<p style="color:#777;font-size:12px">${escapeHtml(t('automatic'))}</p>`] : []),
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** One line, whatever the title and the vehicle name hold. */
export const mailSubject = (title: string, vehicle: string): string =>
  `${title} - ${vehicle}`.replace(/\s+/g, ' ').trim();

/** Label and value rows, in reading order, leaving out what the event does not have. */
function rows(f: EventFacts): MailRows {
  const out: Array<[MailTextId, string | null]> = [
    ['alert', f.title],
    ['description', f.description],
    ['vehicle', f.vehicle],
    ['plate', f.plate],
    ['dateTime', `${f.time} (${f.timeZone})`],
    ['speed', f.speed],
    ['speedLimit', f.speedLimit],
    ['zone', f.zone],
    ['driver', f.driver],
    ['address', f.address],
  ];
  return out.filter((r): r is [MailTextId, string] => r[1] !== null);
}

export function renderEventMail(ctx: EventContext, options: MailOptions = {}): MailContent {
  const reader = readerOf(options.userAttributes);
  const f = eventFacts(ctx, reader, options.description);
  const body = renderMailBody(reader.language, { title: f.title, rows: rows(f), link: f.link, signed: true });
  return { subject: mailSubject(f.title, vehicleLabel(f)), ...body };
}
