/**
 * Emissões de CO2 (emissions): one row per vehicle. From the fuel consumed when the vehicle has a fuel
 * level sensor and a tank capacity (litres × 2.68 kg/L for diesel, 2.31 kg/L for gasoline); otherwise from
 * the km driven × the vehicle attribute `emissions` (g CO2/km); otherwise nothing (0 for an electric
 * vehicle: no exhaust). Origem says which.
 */
import { numberAttr } from '@frota/core';
import { counted, col, km, round, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import type { ReportDef } from '../../reportDef';
import { mapVehicles, periodText } from '../../builders/common';
import { elapsedDays } from '../../builders/days';
import { CO2_KG_PER_LITRE, FUEL_NAMES, fuelKind } from './fuelType';
import { totalsOf, vehicleFigures } from './vehicleFigures';

export const EMISSIONS_COLUMNS = [
  col('Veículo'),
  col('Matrícula'),
  col('Grupo'),
  col('Tipo de combustível'),
  col('Distância (km)', 'number'),
  col('Combustível consumido (L)', 'number'),
  col('Factor (kg CO2/L)', 'number'),
  col('Emissão do veículo (g CO2/km)', 'number'),
  col('CO2 (kg)', 'number'),
  col('CO2 por km (g/km)', 'number'),
  col('Origem'),
];

export const SOURCE_FUEL = 'Combustível consumido';
export const SOURCE_KM = 'Quilómetros × emissão do veículo';
export const SOURCE_ELECTRIC = 'Eléctrico (sem emissões de escape)';
export const SOURCE_NONE = 'Sem dados';

export async function emissionsReport(ctx: ReportContext): Promise<ReportResult[]> {
  const keys = elapsedDays(ctx).map((d) => d.key);
  if (!keys.length) return [];
  const all = await mapVehicles(ctx, ctx.vehicles, async (v) => ({
    f: await vehicleFigures(ctx, v, { fuel: true }),
    kind: await fuelKind(ctx, v),
  }));
  if (!all.some(({ f }) => f.span.count > 0)) return [];
  let totalKg = 0;
  let totalMetres = 0;
  let totalLitres: number | null = null;
  const data = all.map(({ f, kind }): Cell[] => {
    const t = totalsOf(f, keys);
    const perKm = numberAttr(f.vehicle.attributes.emissions);
    const factor = kind.fuel === 'electric' ? null : CO2_KG_PER_LITRE[kind.fuel];
    let kg: number | null = null;
    let source = SOURCE_NONE;
    if (t.fuel !== null && factor !== null) {
      kg = t.fuel * factor;
      source = SOURCE_FUEL;
      totalLitres = (totalLitres ?? 0) + t.fuel;
    } else if (perKm !== undefined) {
      kg = ((t.distance / 1000) * perKm) / 1000;
      source = SOURCE_KM;
    } else if (kind.fuel === 'electric') {
      kg = 0;
      source = SOURCE_ELECTRIC;
    }
    if (kg !== null) {
      totalKg += kg;
      totalMetres += t.distance;
    }
    return [
      f.vehicle.name,
      f.vehicle.plate,
      f.vehicle.groupName,
      FUEL_NAMES[kind.fuel] + (kind.known ? '' : ' (assumido)'),
      km(t.distance),
      t.fuel === null ? null : round(t.fuel, 1),
      source === SOURCE_FUEL ? factor : null,
      perKm ?? null,
      kg === null ? null : round(kg, 1),
      kg === null || t.distance < 1000 ? null : Math.round((kg * 1000) / (t.distance / 1000)),
      source,
    ];
  });
  return [
    table({
      report: 'emissions',
      title: 'Emissões de CO2',
      subtitle: periodText(ctx),
      subtitle2: counted(all.length, 'veículo', 'veículos'),
      subtitle3: `Factores: gasóleo ${CO2_KG_PER_LITRE.diesel} kg CO2/L, gasolina ${CO2_KG_PER_LITRE.gasoline} kg CO2/L; sem combustível medido, km × emissão do veículo (g CO2/km)`,
      columns: EMISSIONS_COLUMNS,
      data,
      footer: [
        [
          'Total',
          '',
          '',
          '',
          km(all.reduce((s, { f }) => s + totalsOf(f, keys).distance, 0)),
          totalLitres === null ? null : round(totalLitres, 1),
          null,
          null,
          round(totalKg, 1),
          totalMetres < 1000 ? null : Math.round((totalKg * 1000) / (totalMetres / 1000)),
          '',
        ],
      ],
    }),
  ];
}

export const EMISSIONS: ReportDef = {
  name: 'emissions',
  permission: 'custom_reports.emissions',
  title: 'Emissões de CO2',
  drivers: false,
  options: [],
  columns: EMISSIONS_COLUMNS,
  build: emissionsReport,
};
