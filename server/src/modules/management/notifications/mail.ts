/**
 * The daily maintenance e-mail: one per notification, listing per vehicle what is due, in the owner's
 * language (subject starting with "Manutenção" in Portuguese) with dates in the owner's timezone.
 */
import { formatNumberIn, zonedDate, zonedDateTime, type DueItem, type VehicleDue } from '@frota/core';
import { escapeHtml } from '../../../events/notify/mailTemplate';
import { mailTexts, type MailTexts } from './mailTexts';

export interface NotificationMail {
  subject: string;
  text: string;
  html: string;
}

const FALLBACK_ZONE = 'Africa/Luanda';

/** DD/MM/YYYY of a calendar day YYYY-MM-DD. */
const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

function itemText(item: DueItem, t: MailTexts, timeZone: string): string {
  const n = (v: number) => formatNumberIn(t.locale, v, { min: 0, max: 1 });
  switch (item.kind) {
    case 'maintenance_km':
      return item.overdue ? t.kmOverdue(n(-item.left), n(item.next)) : t.kmDue(n(item.left), n(item.next));
    case 'maintenance_hours':
      return item.overdue
        ? t.hoursOverdue(n(-item.left), n(item.next))
        : t.hoursDue(n(item.left), n(item.next));
    case 'cost':
    case 'document': {
      const types = item.kind === 'cost' ? t.costTypes : t.documentTypes;
      const what = [types[item.type] ?? item.type, item.designation ? `(${item.designation})` : '']
        .filter(Boolean)
        .join(' ');
      const date = dayText(item.expiryDate);
      const when =
        item.daysLeft < 0
          ? t.expired(date, -item.daysLeft)
          : item.daysLeft === 0
            ? t.expiresToday(date)
            : t.expires(date, item.daysLeft);
      return `${item.kind === 'cost' ? t.cost : t.document} — ${what}: ${when}`;
    }
    case 'communication':
      return item.lastCommunication == null || item.hoursSilent == null
        ? t.neverReported
        : t.silent(item.hoursSilent, zonedDateTime(item.lastCommunication, timeZone, FALLBACK_ZONE));
  }
}

const vehicleTitle = (v: VehicleDue) =>
  v.licensePlate && v.licensePlate !== v.name ? `${v.name} (${v.licensePlate})` : v.name;

export function renderNotificationMail(
  report: readonly VehicleDue[],
  options: { language: unknown; timeZone: string; now: number },
): NotificationMail {
  const t = mailTexts(options.language);
  const date = zonedDate(options.now, options.timeZone, FALLBACK_ZONE);
  const blocks = report.map((v) => ({
    title: vehicleTitle(v),
    lines: v.items.map((i) => itemText(i, t, options.timeZone)),
  }));
  const subject = t.subject(report.length, date);
  const text = [
    t.intro(date),
    '',
    ...blocks.flatMap((b) => [b.title, ...b.lines.map((l) => `  - ${l}`), '']),
    t.footer,
  ].join('\n');
  const html = [
    `<!DOCTYPE html><html lang="${t.locale.slice(0, 2)}" dir="${t.dir}">`,
    '<body style="font-family:Arial,sans-serif;color:#222">',
    `<h2 style="margin:0 0 12px">${escapeHtml(subject)}</h2>`,
    ...blocks.flatMap((b) => [
      `<h3 style="margin:16px 0 4px">${escapeHtml(b.title)}</h3>`,
      '<ul style="margin:0">',
      ...b.lines.map((l) => `<li>${escapeHtml(l)}</li>`),
      '</ul>',
    ]),
    `<p style="color:#777;font-size:12px">${escapeHtml(t.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
