/** The figures the three Castel reports show for a vehicle and a day (or a month), and their cells. */
import { col, km, round, type Cell, type Column } from '../../model';
import { duration, type Zone } from '../../../track/timezone';
import type { DayTotals } from './vehicleFigures';

/** The figure columns after the report's own first columns. */
export const CASTEL_FIGURES: Column[] = [
  col('Primeira ignição', 'datetime'),
  col('Última ignição', 'datetime'),
  col('Distância (km)', 'number'),
  col('Horas de motor', 'duration'),
  col('Condução', 'duration'),
  col('Ralenti', 'duration'),
  col('Viagens', 'integer'),
  col('Combustível (L)', 'number'),
  col('Consumo (L/h)', 'number'),
  col('Consumo (L/100km)', 'number'),
];

const perHour = (litres: number | null, ms: number): number | null =>
  litres === null || ms < 60_000 ? null : round(litres / (ms / 3_600_000), 1);
const per100 = (litres: number | null, metres: number): number | null =>
  litres === null || metres < 1000 ? null : round((litres / (metres / 1000)) * 100, 1);

export function castelCells(zone: Zone, t: DayTotals): Cell[] {
  return [
    t.firstIgnition !== undefined ? zone.dateTime(t.firstIgnition) : null,
    t.lastIgnition !== undefined ? zone.dateTime(t.lastIgnition) : null,
    km(t.distance),
    duration(t.engineMs),
    duration(t.drivingMs),
    duration(t.idleMs),
    t.trips,
    t.fuel === null ? null : round(t.fuel, 1),
    perHour(t.fuel, t.fuelEngineMs ?? t.engineMs),
    per100(t.fuel, t.fuelDistance ?? t.distance),
  ];
}

/** Adds up totals (fuel stays null when no part had fuel data). */
export function addTotals(list: DayTotals[]): DayTotals {
  const out: DayTotals = {
    distance: 0,
    engineMs: 0,
    drivingMs: 0,
    idleMs: 0,
    trips: 0,
    fuel: null,
    activeDays: 0,
    fuelEngineMs: 0,
    fuelDistance: 0,
  };
  for (const t of list) {
    out.distance += t.distance;
    out.engineMs += t.engineMs;
    out.drivingMs += t.drivingMs;
    out.idleMs += t.idleMs;
    out.trips += t.trips;
    out.activeDays += t.activeDays;
    if (t.fuel === null) continue;
    out.fuel = (out.fuel ?? 0) + t.fuel;
    out.fuelEngineMs! += t.engineMs;
    out.fuelDistance! += t.distance;
  }
  return out;
}

/** The footer's figure cells: the totals, without first and last ignition. */
export const castelFooter = (zone: Zone, t: DayTotals): Cell[] =>
  castelCells(zone, { ...t, firstIgnition: undefined, lastIgnition: undefined });
