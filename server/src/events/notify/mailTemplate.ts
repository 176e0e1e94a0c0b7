/** The alert e-mail: subject, plain text and simple HTML, in Portuguese, for one recipient. */
import type { EventContext } from '../../processing/types';
import { eventFacts, userTimezone, vehicleLabel, type EventFacts } from './eventText';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailOptions {
  /** the recipient user's attributes (timezone) */
  userAttributes?: Record<string, unknown>;
  /** the notification's attributes.description */
  description?: string | null;
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Label and value rows, in reading order, leaving out what the event does not have. */
function rows(f: EventFacts): Array<[string, string]> {
  const out: Array<[string, string | null]> = [
    ['Alerta', f.title],
    ['Descrição', f.description],
    ['Viatura', f.vehicle],
    ['Matrícula', f.plate],
    ['Data/hora', `${f.time} (${f.timeZone})`],
    ['Velocidade', f.speed],
    ['Limite de velocidade', f.speedLimit],
    ['Zona', f.zone],
    ['Condutor', f.driver],
    ['Morada', f.address],
  ];
  return out.filter((r): r is [string, string] => r[1] !== null);
}

export function renderEventMail(ctx: EventContext, options: MailOptions = {}): MailContent {
  const f = eventFacts(ctx, userTimezone(options.userAttributes), options.description);
  const list = rows(f);
  // one line whatever the vehicle name holds
  const subject = `${f.title} - ${vehicleLabel(f)}`.replace(/\s+/g, ' ').trim();
  const text = [
    ...list.map(([label, value]) => `${label}: ${value}`),
    ...(f.link ? [`Ver no mapa: ${f.link}`] : []),
    '',
    'Mensagem automática da plataforma Frota.',
  ].join('\n');
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const html = [
    '<!DOCTYPE html><html lang="pt"><body style="font-family:Arial,sans-serif;color:#222">',
    `<h2 style="margin:0 0 12px">${escapeHtml(f.title)}</h2>`,
    '<table style="border-collapse:collapse">',
    ...list.map(
      ([label, value]) =>
        `<tr><th align="left" ${cell}>${escapeHtml(label)}</th><td ${cell}>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...(f.link ? [`<p><a href="${escapeHtml(f.link)}">Ver no mapa</a></p>`] : []),
    '<p style="color:#777;font-size:12px">Mensagem automática da plataforma Frota.</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
