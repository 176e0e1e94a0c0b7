/**
 * E-mails of a refill: shared from the refill centre (document 3 §2, §5, §8) and the red-consumption alert
 * sent to the operator's alert e-mails (issue 18). Both carry the refill's facts and a map link.
 */
import { costPerLitre, consumptionState } from '@frota/core';
import { mapLink } from '../../events/notify/eventText';
import { escapeHtml } from '../../events/notify/mailTemplate';
import type { RefillJson } from './refillRows';

export interface RefillMail {
  subject: string;
  text: string;
  html: string;
}

const fixed = (v: number | null, digits: number, unit: string) =>
  v == null ? null : `${v.toFixed(digits).replace('.', ',')} ${unit}`;

const withState = (value: string | null, state: string | null) =>
  value && state && state !== 'green' ? `${value} (${state === 'red' ? 'vermelho' : 'amarelo'})` : value;

export function renderRefillMail(r: RefillJson, timeZone: string, alert = false): RefillMail {
  const vehicle =
    r.deviceLicensePlate && r.deviceLicensePlate !== r.deviceName
      ? `${r.deviceName} (${r.deviceLicensePlate})`
      : r.deviceName;
  const title = alert ? 'Consumo elevado num abastecimento' : 'Abastecimento';
  const rows: Array<[string, string | null]> = [
    ['Viatura', r.deviceName],
    ['Matrícula', r.deviceLicensePlate],
    ['Grupo', r.groupName],
    ['Data/hora', `${r.cost_date} (${timeZone})`],
    ['Tipo', r.type === 'A' ? 'App' : 'Manual'],
    ['Combustível', r.fuel_type === 'gasoline' ? 'Gasolina' : 'Gasóleo'],
    ['Litros', fixed(r.litres, 2, 'L')],
    ['Custo', r.cost.toFixed(2).replace('.', ',')],
    ['Custo por litro', costPerLitre(r.cost, r.litres)?.toFixed(2).replace('.', ',') ?? null],
    ['Km', fixed(r.km, 0, 'km')],
    ['Horas', fixed(r.hours, 1, 'h')],
    ['Distância desde o último abastecimento', fixed(r.delta_km, 0, 'km')],
    ['Horas desde o último abastecimento', fixed(r.delta_hours, 1, 'h')],
    [
      'Consumo (L/100km)',
      withState(
        fixed(r.consumption_l100km, 2, 'L/100km'),
        consumptionState(r.consumption_l100km, r.consumption_l100km_yellow, r.consumption_l100km_red),
      ),
    ],
    [
      'Consumo (L/h)',
      withState(
        fixed(r.consumption_lh, 2, 'L/h'),
        consumptionState(r.consumption_lh, r.consumption_lh_yellow, r.consumption_lh_red),
      ),
    ],
    ['Condutor', r.driverName],
    ['Operador', r.operatorName ? `${r.operatorName}${r.operatorCode ? ` (${r.operatorCode})` : ''}` : null],
    ['Posto', r.siteName],
    ['Fatura', r.invoice || null],
    ['Detalhes', r.details || null],
  ];
  const list = rows.filter((x): x is [string, string] => x[1] !== null && x[1] !== '');
  const link = r.latitude !== null && r.longitude !== null ? mapLink(r.latitude, r.longitude) : null;
  const subject = `${title} - ${vehicle} - ${r.cost_date}`.replace(/\s+/g, ' ').trim();
  const text = [...list.map(([l, v]) => `${l}: ${v}`), ...(link ? [`Ver no mapa: ${link}`] : [])].join('\n');
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const html = [
    '<!DOCTYPE html><html lang="pt"><body style="font-family:Arial,sans-serif;color:#222">',
    `<h2 style="margin:0 0 12px">${escapeHtml(title)}</h2>`,
    '<table style="border-collapse:collapse">',
    ...list.map(
      ([l, v]) => `<tr><th align="left" ${cell}>${escapeHtml(l)}</th><td ${cell}>${escapeHtml(v)}</td></tr>`,
    ),
    '</table>',
    ...(link ? [`<p><a href="${escapeHtml(link)}">Ver no mapa</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
