/** Análise de combustível: refills and drops of the fuel level (select1 type, text1 threshold %). */
import { fuelPercent, isElectric, numberAttr } from '@frota/core';
import { col, round, table, type Cell, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { numberOption } from '../request';
import { runVehicle } from '../../track/run';
import { DEFAULT_FUEL_THRESHOLD, FuelAnalyzer } from '../../track/fuel';
import { addresses, periodText, placeOf, vehicleText } from './common';

/**
 * The quantity column: litres, or kW for electric vehicles (fuel_type 1, document 1 §3), whose
 * fuel_tank_capacity is the battery's capacity in kW (as the vehicle form, the list and the map popup read it).
 */
const columnsFor = (unit: string) => [
  col('Data', 'datetime'),
  col('Tipo'),
  col('Nível antes (%)', 'number'),
  col('Nível depois (%)', 'number'),
  col('Variação (%)', 'number'),
  col(unit, 'number'),
  col('Local'),
];
export const FUEL_COLUMNS = columnsFor('Litros');
export const ELECTRIC_FUEL_COLUMNS = columnsFor('kW');

const FUEL_KEYS = ['fuel', 'adc1'];

export async function fuelReport(ctx: ReportContext): Promise<ReportResult[]> {
  const threshold = numberOption(ctx.request.options.text1, DEFAULT_FUEL_THRESHOLD) || DEFAULT_FUEL_THRESHOLD;
  const type = ctx.request.options.select1;
  const results: ReportResult[] = [];
  for (const v of ctx.vehicles) {
    const analyzer = new FuelAnalyzer(threshold);
    const levelOf = (attrs: Record<string, unknown>) => fuelPercent(v.attributes, attrs);
    await runVehicle(
      ctx.db,
      v.id,
      v.profile,
      [{ push: (s) => analyzer.push(s, levelOf(s.attrs)), finish: () => analyzer.finish() }],
      { from: ctx.request.from, to: ctx.request.to, end: ctx.end, keys: FUEL_KEYS, seed: false },
    );
    const events = analyzer.events
      .filter((e) => (type === '1' ? e.kind === 'refill' : type === '2' ? e.kind === 'drop' : true))
      .sort((a, b) => a.time - b.time);
    if (!events.length) continue;
    const electric = isElectric(v.attributes);
    const unit = electric ? 'kW' : 'L';
    const capacity = numberAttr(v.attributes.fuel_tank_capacity);
    const litres = (pct: number) => (capacity && capacity > 0 ? round((pct / 100) * capacity, 1) : null);
    const places = await addresses(
      ctx,
      events.map((e) => e.sample),
    );
    const data = events.map((e): Cell[] => [
      ctx.zone.dateTime(e.time),
      e.kind === 'refill' ? 'Abastecimento' : e.moving ? 'Queda em andamento' : 'Queda',
      round(e.before, 1),
      round(e.after, 1),
      round(e.after - e.before, 1),
      litres(e.after - e.before),
      placeOf(places, e.sample),
    ]);
    const sum = (kind: string) =>
      analyzer.events.filter((e) => e.kind === kind).reduce((s, e) => s + Math.abs(e.after - e.before), 0);
    const refills = sum('refill');
    const drops = sum('drop');
    const used =
      analyzer.first !== undefined && analyzer.last !== undefined
        ? analyzer.first - analyzer.last + refills - drops
        : 0;
    const usedText = litres(used) !== null ? `${litres(used)} ${unit}` : `${round(used, 1)} %`;
    results.push(
      table({
        report: 'fuel_analysis',
        title: `Análise de combustível - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        subtitle3: `Variação mínima: ${threshold} % · Consumo estimado: ${usedText}`,
        columns: electric ? ELECTRIC_FUEL_COLUMNS : FUEL_COLUMNS,
        data,
        footer: [
          ['Abastecimentos', '', null, null, round(refills, 1), litres(refills), ''],
          ['Quedas', '', null, null, round(-drops, 1), litres(-drops), ''],
        ],
        deviceId: v.id,
      }),
    );
  }
  return results;
}
