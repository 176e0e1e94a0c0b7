/** Avarias do localizador: the tracker faults of each vehicle (faultDetector.ts), one row per fault. */
import { counted, col, round, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import { numberOption } from '../../request';
import { runVehicle } from '../../../track/run';
import { duration } from '../../../track/timezone';
import { addresses, mapVehicles, periodText, placeOf, vehicleText } from '../../builders/common';
import { eventTitle } from '../../../events/notify/eventText';
import { ALARM_NAMES } from '../../../processing/detectors/alarms';
import type { ReportDef } from '../../reportDef';
import { FAULT_KEYS, FaultDetector, type Fault, type FaultKind } from './faultDetector';

export const DEFAULT_POWER_VOLTS = 6;
export const DEFAULT_GPS_MIN = 5;
export const SILENCE_MS = 2 * 3_600_000;

export const MALFUNCTION_COLUMNS = [
  col('Tipo'),
  col('Início', 'datetime'),
  col('Fim', 'datetime'),
  col('Duração', 'duration'),
  col('Detalhes'),
  col('Local'),
];

const KIND_TEXT: Record<FaultKind, string> = {
  power: 'Corte de alimentação',
  gps: 'Perda de GPS',
  tampering: 'Adulteração',
  malfunction: 'Avaria',
  silence: 'Sem comunicação',
};

const PREFIX = 'Alarme: ';
const alarmTitle = (name: string): string =>
  eventTitle({ type: 'alarm', attributes: { alarm: name } }).slice(PREFIX.length);

/** Alarm names in words: the decoder's name when it has a title, else the product's (fault → Avaria). */
function alarmText(alarms: string[]): string {
  if (!alarms.length) return '';
  const words = alarms.map((a) => {
    const own = alarmTitle(a);
    return own === a && ALARM_NAMES[a] ? alarmTitle(ALARM_NAMES[a]) : own;
  });
  return PREFIX + [...new Set(words)].join(', ');
}

function details(f: Fault): string {
  switch (f.kind) {
    case 'power':
      return [
        f.minPower !== undefined ? `Alimentação mínima: ${round(f.minPower, 1)} V` : '',
        alarmText(f.alarms),
      ]
        .filter(Boolean)
        .join(' · ');
    case 'gps':
      return counted(f.positions, 'posição inválida', 'posições inválidas');
    case 'silence':
      return 'Sem posições';
    default:
      return alarmText(f.alarms);
  }
}

export async function malfunctionReport(ctx: ReportContext): Promise<ReportResult[]> {
  const powerVolts = numberOption(ctx.request.options.text1, DEFAULT_POWER_VOLTS);
  const gpsMinutes = numberOption(ctx.request.options.text2, DEFAULT_GPS_MIN);
  const found = await mapVehicles(ctx, ctx.vehicles, async (v) => {
    const detector = new FaultDetector({
      powerVolts,
      gpsMs: gpsMinutes * 60_000,
      silenceMs: SILENCE_MS,
    });
    await runVehicle(ctx.db, v.id, v.profile, [detector], {
      from: ctx.request.from,
      to: ctx.request.to,
      end: ctx.end,
      keys: FAULT_KEYS,
    });
    return detector.faults;
  });
  const results: ReportResult[] = [];
  for (const [i, v] of ctx.vehicles.entries()) {
    const faults = found[i];
    if (!faults.length) continue;
    const places = await addresses(
      ctx,
      faults.map((f) => f.at),
    );
    const data = faults.map((f): Cell[] => [
      KIND_TEXT[f.kind],
      ctx.zone.dateTime(f.start),
      f.end === undefined ? null : ctx.zone.dateTime(f.end),
      duration((f.end ?? ctx.end) - f.start),
      details(f),
      placeOf(places, f.at),
    ]);
    results.push(
      table({
        report: 'malfunction',
        title: `Avarias do localizador - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        subtitle3:
          `Alimentação mínima: ${powerVolts} V · Perda de GPS: mais de ${gpsMinutes} min` +
          ` · Sem comunicação: mais de ${duration(SILENCE_MS)}`,
        columns: MALFUNCTION_COLUMNS,
        data,
        footer: [
          [
            'Total',
            counted(faults.length, 'avaria', 'avarias'),
            '',
            duration(faults.reduce((t, f) => t + (f.end ?? ctx.end) - f.start, 0)),
            '',
            '',
          ],
        ],
        deviceId: v.id,
      }),
    );
  }
  return results;
}

export const MALFUNCTION: ReportDef = {
  name: 'malfunction',
  permission: 'custom_reports.malfunction',
  title: 'Avarias do localizador',
  drivers: false,
  options: ['text1', 'text2'],
  columns: MALFUNCTION_COLUMNS,
  build: malfunctionReport,
};
