/**
 * Condução económica: per vehicle, then per driver, the harsh accelerations, brakings and cornerings,
 * over-revving, excessive idling and speeding, each also per 100 km, and the eco score (ecoScore.ts).
 */
import { counted, col, km, round, table, type Cell, type Column, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import { duration } from '../../../track/timezone';
import { driverNames, periodText } from '../../builders/common';
import type { ReportDef } from '../../reportDef';
import { ECO_KIND_TITLES, ECO_KINDS, ECO_RULES_TEXT, ecoScore, per100km, type EcoKind } from './ecoScore';
import { addTally, newTally, type EcoTally } from './ecoCounter';
import { ecoByVehicle, ecoSettings, ecoSettingsText } from './ecoRun';

const RATE_TITLES: Record<EcoKind, string> = {
  acceleration: 'Acelerações /100 km',
  braking: 'Travagens /100 km',
  cornering: 'Curvas /100 km',
  overRevving: 'Rotação /100 km',
  idling: 'Ralenti /100 km',
  speeding: 'Velocidade /100 km',
};

const FIGURES: Column[] = [
  col('Distância (km)', 'number'),
  col('Condução', 'duration'),
  ...ECO_KINDS.map((k) => col(ECO_KIND_TITLES[k], 'integer')),
  ...ECO_KINDS.map((k) => col(RATE_TITLES[k], 'number')),
  col('Pontuação', 'integer'),
];

export const ECO_VEHICLE_COLUMNS: Column[] = [col('Veículo'), col('Matrícula'), ...FIGURES];
export const ECO_DRIVER_COLUMNS: Column[] = [col('Condutor'), col('Cartão'), ...FIGURES];

const rate = (count: number, metres: number): number | null => {
  const r = per100km(count, metres);
  return r === null ? null : round(r, 1);
};

export function figures(t: EcoTally): Cell[] {
  const metres = t.totals.distance;
  return [
    km(metres),
    duration(t.totals.drivingMs),
    ...ECO_KINDS.map((k) => t.counts[k]),
    ...ECO_KINDS.map((k) => rate(t.counts[k], metres)),
    ecoScore(t.counts, metres),
  ];
}

const active = (t: EcoTally): boolean => t.totals.distance > 0 || ECO_KINDS.some((k) => t.counts[k] > 0);

export async function ecoDrivingReport(ctx: ReportContext): Promise<ReportResult[]> {
  const settings = ecoSettings(ctx);
  const runs = await ecoByVehicle(ctx, settings);
  const names = await driverNames(ctx);
  const fleet = newTally();
  const vehicleRows: Cell[][] = [];
  const drivers = new Map<string, EcoTally>();
  for (const { vehicle, counter } of runs) {
    const t = counter.vehicle();
    if (!active(t)) continue;
    addTally(fleet, t);
    vehicleRows.push([vehicle.name, vehicle.plate, ...figures(t)]);
    for (const [key, dt] of counter.byDriver) {
      if (!key || !active(dt)) continue;
      if (!drivers.has(key)) drivers.set(key, newTally());
      addTally(drivers.get(key)!, dt);
    }
  }
  if (!vehicleRows.length) return [];
  const subtitle3 = `${ecoSettingsText(settings)} · ${ECO_RULES_TEXT}`;
  const results = [
    table({
      report: 'eco_driving',
      title: 'Condução económica - Veículos',
      subtitle: periodText(ctx),
      subtitle3,
      columns: ECO_VEHICLE_COLUMNS,
      data: vehicleRows,
      footer: [['Total', counted(vehicleRows.length, 'veículo', 'veículos'), ...figures(fleet)]],
    }),
  ];
  if (drivers.size) {
    const rows = [...drivers]
      .map(([key, t]): Cell[] => [names.get(key) ?? key, key, ...figures(t)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'pt'));
    results.push(
      table({
        report: 'eco_driving',
        title: 'Condução económica - Condutores',
        subtitle: periodText(ctx),
        subtitle3,
        columns: ECO_DRIVER_COLUMNS,
        data: rows,
      }),
    );
  }
  return results;
}

export const ECO_DRIVING: ReportDef = {
  name: 'eco_driving',
  permission: 'custom_reports.eco_driving',
  title: 'Condução económica',
  drivers: false,
  options: ['text1', 'text2'],
  columns: ECO_VEHICLE_COLUMNS,
  build: ecoDrivingReport,
};
