/**
 * Litros mensais (monthly_liters): per vehicle and day of the month, the litres refilled (refill records)
 * and the litres consumed by the fuel level (the fuel analysis' detector, engine/fuelDays.ts) where the
 * vehicle has a fuel sensor and a tank capacity, with the km driven and L/100km; then the fleet's totals.
 * Without a sensor the month's L/100km is estimated from the litres refilled.
 */
import { fuelTankLitres } from '../../track/fuelSource';
import { counted, col, km, round, table, type Cell, type Column, type ReportResult } from '../model';
import type { ReportContext, VehicleInfo } from '../context';
import { consumedPercent } from '../../track/fuelDays';
import { mapVehicles, periodText, vehicleText } from './common';
import { money } from './costLines';
import { vehicleDays, vehicleFuelDays } from './days';

export const MONTHLY_LITERS_COLUMNS: Column[] = [
  col('Data', 'date'),
  col('Abastecimentos', 'integer'),
  col('Abastecido (L)', 'number'),
  col('Custo', 'number', 'currency'),
  col('Consumido (L)', 'number'),
  col('Distância (km)', 'number'),
  col('L/100km', 'number'),
];

export const MONTHLY_LITERS_FLEET_COLUMNS: Column[] = [
  col('Veículo'),
  col('Matrícula'),
  col('Abastecimentos', 'integer'),
  col('Abastecido (L)', 'number'),
  col('Custo', 'number', 'currency'),
  col('Consumido (L)', 'number'),
  col('Distância (km)', 'number'),
  col('L/100km', 'number'),
  col('Origem do consumo'),
];

const SOURCE_SENSOR = 'Sensor de combustível';
const SOURCE_REFILLS = 'Abastecimentos';

interface Day {
  refills: number;
  refilled: number;
  cost: number;
  /** litres, only with a sensor */
  consumed: number | null;
  metres: number;
}

/** Whether the vehicle's fuel level can give litres: a sensor (analog, port or canbus) and a tank size. */
export const fuelSensorLitres = (v: VehicleInfo): number | undefined => fuelTankLitres(v.attributes);

const l100 = (litres: number | null, metres: number): number | null =>
  litres === null || metres < 1000 ? null : round((litres / (metres / 1000)) * 100, 1);

async function vehicleMonth(ctx: ReportContext, v: VehicleInfo) {
  const days = new Map<string, Day>();
  const day = (key: string): Day => {
    let d = days.get(key);
    if (!d) days.set(key, (d = { refills: 0, refilled: 0, cost: 0, consumed: null, metres: 0 }));
    return d;
  };
  const refills = await ctx.db.kysely
    .selectFrom('refills')
    .select(['costDate', 'litres', 'cost'])
    .where('deviceId', '=', v.id)
    .where('costDate', '>=', ctx.request.from)
    .where('costDate', '<=', ctx.request.to)
    .execute();
  for (const r of refills) {
    const d = day(ctx.zone.dayKey(Number(r.costDate)));
    d.refills++;
    d.refilled += Number(r.litres) || 0;
    d.cost += Number(r.cost) || 0;
  }
  const capacity = fuelSensorLitres(v);
  let sensed = false;
  const { days: figures } = await vehicleDays(ctx, v);
  for (const b of figures.values()) if (b.distance > 0) day(b.key).metres += b.distance;
  if (capacity !== undefined)
    for (const f of await vehicleFuelDays(ctx, v)) {
      day(f.key).consumed = (consumedPercent(f) / 100) * capacity;
      sensed = true;
    }
  const list = [...days.entries()]
    .filter(([, d]) => d.refills > 0 || d.metres > 0 || (d.consumed ?? 0) > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  const sum = (f: (d: Day) => number) => list.reduce((s, [, d]) => s + f(d), 0);
  const consumed = sensed ? sum((d) => d.consumed ?? 0) : null;
  return {
    vehicle: v,
    list,
    sensed,
    refills: sum((d) => d.refills),
    refilled: sum((d) => d.refilled),
    cost: sum((d) => d.cost),
    consumed,
    metres: sum((d) => d.metres),
  };
}

const litres = (v: number | null): number | null => (v === null ? null : round(v, 1));
const dayText = (key: string): string => `${key.slice(8, 10)}/${key.slice(5, 7)}/${key.slice(0, 4)}`;

export async function monthlyLitersReport(ctx: ReportContext): Promise<ReportResult[]> {
  const all = await mapVehicles(ctx, ctx.vehicles, (v) => vehicleMonth(ctx, v));
  if (!all.some((v) => v.list.length)) return [];
  const subtitle = periodText(ctx);
  const perVehicle = all
    .filter((v) => v.list.length)
    .map((v) => {
      // without a sensor, the month's consumption is estimated by the litres refilled
      const monthLitres = v.consumed ?? v.refilled;
      return table({
        report: 'monthly_liters',
        deviceId: v.vehicle.id,
        title: `Litros mensais - ${v.vehicle.name}`,
        subtitle,
        subtitle2: vehicleText(v.vehicle),
        subtitle3: `Origem do consumo: ${v.sensed ? SOURCE_SENSOR : SOURCE_REFILLS}`,
        columns: MONTHLY_LITERS_COLUMNS,
        data: v.list.map(([key, d]): Cell[] => [
          dayText(key),
          d.refills,
          round(d.refilled, 1),
          money(d.cost),
          litres(d.consumed),
          km(d.metres),
          l100(d.consumed, d.metres),
        ]),
        footer: [
          [
            'Total',
            v.refills,
            round(v.refilled, 1),
            money(v.cost),
            litres(v.consumed),
            km(v.metres),
            l100(monthLitres, v.metres),
          ],
        ],
      });
    });
  const fleetLitres = all.reduce((s, v) => s + (v.consumed ?? v.refilled), 0);
  const fleetMetres = all.reduce((s, v) => s + v.metres, 0);
  const consumedAny = all.some((v) => v.consumed !== null);
  const fleet = table({
    report: 'monthly_liters',
    title: 'Litros mensais - Frota',
    subtitle,
    subtitle2: counted(all.length, 'veículo', 'veículos'),
    columns: MONTHLY_LITERS_FLEET_COLUMNS,
    data: all.map((v): Cell[] => [
      v.vehicle.name,
      v.vehicle.plate,
      v.refills,
      round(v.refilled, 1),
      money(v.cost),
      litres(v.consumed),
      km(v.metres),
      l100(v.consumed ?? v.refilled, v.metres),
      v.sensed ? SOURCE_SENSOR : SOURCE_REFILLS,
    ]),
    footer: [
      [
        'Total',
        '',
        all.reduce((s, v) => s + v.refills, 0),
        round(
          all.reduce((s, v) => s + v.refilled, 0),
          1,
        ),
        money(all.reduce((s, v) => s + v.cost, 0)),
        consumedAny ? litres(all.reduce((s, v) => s + (v.consumed ?? 0), 0)) : null,
        km(fleetMetres),
        l100(fleetLitres, fleetMetres),
        '',
      ],
    ],
  });
  return [...perVehicle, fleet];
}
