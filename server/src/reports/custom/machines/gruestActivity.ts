/**
 * Actividade Gruest (document 3 §2): the activity of a crane or lifting fleet. A work cycle is a period
 * with the work input on: the digital input named by the vehicle's `pto_port` (`in{n}` or `io{n}`, as
 * the PTO report reads it). Per vehicle: one row per cycle, then one row per day with its cycles, lift
 * time, engine time (ignition on, the hours report's rule) and engine time without lifting. Any vehicle
 * may be asked (cranes and lifters by category, or another); one without `pto_port` shows its engine
 * time only.
 */
import type { ReportDef } from '../../reportDef';
import { counted, col, hoursOf, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext, VehicleInfo } from '../../context';
import { DayBook, type DayFigures } from '../../../track/dayBook';
import { FlagIntervals, type Interval } from '../../../track/intervals';
import { runVehicle, type Consumer } from '../../../track/run';
import { duration } from '../../../track/timezone';
import { MAX_GAP_MS } from '../../../track/tracker';
import { engineMs } from '../../builders/days';
import { ptoInput } from '../../builders/pto';
import { addresses, periodText, placeOf, vehicleText } from '../../builders/common';
import { liftDays, type LiftDay } from './liftDays';

export const GRUEST_CYCLE_COLUMNS = [
  col('Ciclo', 'integer'),
  col('Início', 'datetime'),
  col('Fim', 'datetime'),
  col('Duração', 'duration'),
  col('Local'),
];

export const GRUEST_DAY_COLUMNS = [
  col('Data', 'date'),
  col('Ciclos', 'integer'),
  col('Tempo de elevação', 'duration'),
  col('Horas de motor', 'duration'),
  col('Motor sem elevação', 'duration'),
  col('Horímetro inicial (h)', 'number'),
  col('Horímetro final (h)', 'number'),
];

const columnList = (columns: typeof GRUEST_DAY_COLUMNS) =>
  columns.map((c) => `${c.title} (${c.type})`).join(', ');

interface Activity {
  port: number | undefined;
  cycles: Interval[];
  engine: Map<string, DayFigures>;
  lift: Map<string, LiftDay>;
}

async function activity(ctx: ReportContext, v: VehicleInfo): Promise<Activity> {
  const input = ptoInput(v.attributes);
  const book = new DayBook(ctx.zone, ctx.request.from, MAX_GAP_MS);
  const cycles = input ? new FlagIntervals((s) => input.flag(s.attrs)) : undefined;
  const consumers: Consumer[] = cycles ? [book, cycles] : [book];
  await runVehicle(ctx.db, v.id, v.profile, consumers, {
    from: ctx.request.from,
    to: ctx.request.to,
    end: ctx.end,
    keys: input?.keys,
  });
  const list = cycles?.intervals ?? [];
  return {
    port: input ? Number(v.attributes.pto_port) : undefined,
    cycles: list,
    engine: new Map(book.list().map((d) => [d.key, d])),
    lift: liftDays(ctx.zone, list),
  };
}

const inputText = (port: number | undefined): string =>
  port === undefined
    ? 'Sem entrada de trabalho (pto_port): apenas horas de motor'
    : `Entrada de trabalho: entrada digital ${port}`;

async function cycleTable(ctx: ReportContext, v: VehicleInfo, a: Activity): Promise<ReportResult> {
  const places = await addresses(
    ctx,
    a.cycles.map((c) => c.start),
  );
  const data = a.cycles.map((c, i): Cell[] => [
    i + 1,
    ctx.zone.dateTime(c.startTime),
    ctx.zone.dateTime(c.endTime),
    duration(c.endTime - c.startTime),
    placeOf(places, c.start),
  ]);
  const total = a.cycles.reduce((s, c) => s + c.endTime - c.startTime, 0);
  return table({
    report: 'gruest_activity',
    title: `Actividade Gruest - ${v.name}`,
    subtitle: periodText(ctx),
    subtitle2: vehicleText(v),
    subtitle3: inputText(a.port),
    columns: GRUEST_CYCLE_COLUMNS,
    data,
    footer: [['Total', counted(a.cycles.length, 'ciclo', 'ciclos'), null, duration(total), '']],
    deviceId: v.id,
  });
}

function dayTable(ctx: ReportContext, v: VehicleInfo, a: Activity): ReportResult | undefined {
  const keys = [...new Set([...a.engine.keys(), ...a.lift.keys()])]
    .filter((k) => engineMs(a.engine.get(k)) > 0 || (a.lift.get(k)?.liftMs ?? 0) > 0)
    .sort();
  if (!keys.length) return undefined;
  const sums = { cycles: 0, lift: 0, engine: 0, idle: 0 };
  const data = keys.map((k): Cell[] => {
    const e = a.engine.get(k);
    const l = a.lift.get(k);
    const engine = engineMs(e);
    const lift = l?.liftMs ?? 0;
    const idle = Math.max(0, engine - lift);
    sums.cycles += l?.cycles ?? 0;
    sums.lift += lift;
    sums.engine += engine;
    sums.idle += idle;
    return [
      ctx.zone.date(e?.start ?? l!.start),
      l?.cycles ?? 0,
      duration(lift),
      duration(engine),
      duration(idle),
      e?.hoursStart !== undefined ? hoursOf(e.hoursStart) : null,
      e?.hoursEnd !== undefined ? hoursOf(e.hoursEnd) : null,
    ];
  });
  return table({
    report: 'gruest_activity',
    title: `Actividade Gruest por dia - ${v.name}`,
    subtitle: periodText(ctx),
    subtitle2: vehicleText(v),
    subtitle3: inputText(a.port),
    columns: GRUEST_DAY_COLUMNS,
    data,
    footer: [
      ['Total', sums.cycles, duration(sums.lift), duration(sums.engine), duration(sums.idle), null, null],
    ],
    deviceId: v.id,
  });
}

export async function gruestActivityReport(ctx: ReportContext): Promise<ReportResult[]> {
  const results: ReportResult[] = [];
  for (const v of ctx.vehicles) {
    const a = await activity(ctx, v);
    const days = dayTable(ctx, v, a);
    if (a.cycles.length) results.push(await cycleTable(ctx, v, a));
    if (days) results.push(days);
  }
  return results;
}

export const GRUEST_ACTIVITY: ReportDef = {
  name: 'gruest_activity',
  permission: 'custom_reports.gruest_activity',
  title: 'Actividade Gruest',
  drivers: false,
  options: [],
  columns:
    `cycles (one row per cycle; only vehicles with pto_port): ${columnList(GRUEST_CYCLE_COLUMNS)}; ` +
    `then per day: ${columnList(GRUEST_DAY_COLUMNS)}`,
  build: gruestActivityReport,
};
