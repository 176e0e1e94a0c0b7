/** Tomada de força: periods with the power take-off input on (device attribute pto_port). */
import { boolAttr, numberAttr } from '@frota/core';
import { col, table, type Cell, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { runVehicle } from '../../track/run';
import { FlagIntervals } from '../../track/intervals';
import { duration } from '../../track/timezone';
import { addresses, periodText, placeOf, vehicleText } from './common';

export const PTO_COLUMNS = [
  col('Início', 'datetime'),
  col('Fim', 'datetime'),
  col('Duração', 'duration'),
  col('Local'),
];

/**
 * The power take-off input of a vehicle (attribute pto_port): the attribute keys to read and whether a
 * position has it on (undefined when the position does not say); undefined for vehicles without it.
 */
export function ptoInput(
  vehicleAttributes: Record<string, unknown>,
): { keys: string[]; flag: (attrs: Record<string, unknown>) => boolean | undefined } | undefined {
  const port = numberAttr(vehicleAttributes.pto_port);
  if (port === undefined || !Number.isInteger(port) || port < 0) return undefined;
  const keys = [`in${port}`, `io${port}`];
  const flag = (attrs: Record<string, unknown>) => {
    const value = attrs[keys[0]] ?? attrs[keys[1]];
    return value === undefined ? undefined : boolAttr(value);
  };
  return { keys, flag };
}

export async function ptoReport(ctx: ReportContext): Promise<ReportResult[]> {
  const results: ReportResult[] = [];
  for (const v of ctx.vehicles) {
    const input = ptoInput(v.attributes);
    if (!input) continue;
    const { keys, flag } = input;
    const intervals = new FlagIntervals((s) => flag(s.attrs));
    await runVehicle(ctx.db, v.id, v.profile, [intervals], {
      from: ctx.request.from,
      to: ctx.request.to,
      end: ctx.end,
      keys,
    });
    const list = intervals.intervals;
    if (!list.length) continue;
    const places = await addresses(
      ctx,
      list.map((i) => i.start),
    );
    const data = list.map((i): Cell[] => [
      ctx.zone.dateTime(i.startTime),
      ctx.zone.dateTime(i.endTime),
      duration(i.endTime - i.startTime),
      placeOf(places, i.start),
    ]);
    results.push(
      table({
        report: 'pto',
        title: `Tomada de força - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        columns: PTO_COLUMNS,
        data,
        footer: [
          [
            'Total',
            `${list.length} activações`,
            duration(list.reduce((s, i) => s + i.endTime - i.startTime, 0)),
            '',
          ],
        ],
        deviceId: v.id,
      }),
    );
  }
  return results;
}
