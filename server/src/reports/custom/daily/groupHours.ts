/**
 * Horas por grupo (group_hours): one row per group with its vehicles' engine hours against the hours
 * expected of the group. `keyValueItems` gives, per group id (key; "0" for the vehicles without a group),
 * the group's expected hours per month (value); the period expects value × days / days in the month, day by
 * day over the days of the period that have begun (a whole month expects the value, one day of March
 * value / 31). Cumprimento (%) = engine hours / expected hours × 100 (empty without an expected value).
 */
import { counted, col, hoursOf, round, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import type { ReportDef } from '../../reportDef';
import { duration } from '../../../track/timezone';
import { periodText } from '../../builders/common';
import { elapsedDays, engineMs } from '../../builders/days';
import { groupDays, sumDays } from './groupKm';

export const GROUP_HOURS_COLUMNS = [
  col('Grupo'),
  col('Veículos', 'integer'),
  col('Horas de motor', 'duration'),
  col('Horas de motor (h)', 'number'),
  col('Horas mensais previstas (h)', 'number'),
  col('Horas previstas no período (h)', 'number'),
  col('Cumprimento (%)', 'number'),
];

/** The share of a month the elapsed days of the period make: each day counts 1 / days of its month. */
export function monthShare(ctx: ReportContext): number {
  return elapsedDays(ctx).reduce((s, d) => {
    const [y, m] = d.key.split('-').map(Number);
    return s + 1 / new Date(Date.UTC(y, m, 0)).getUTCDate();
  }, 0);
}

function expectedHours(ctx: ReportContext): Map<string, number> {
  const out = new Map<string, number>();
  for (const { key, value } of ctx.request.keyValueItems) {
    const n = Number(value.replace(',', '.'));
    if (key && value && Number.isFinite(n) && n >= 0) out.set(key, n);
  }
  return out;
}

const percent = (part: number, whole: number | null): number | null =>
  whole === null || whole <= 0 ? null : round((part / whole) * 100, 1);

export async function groupHoursReport(ctx: ReportContext): Promise<ReportResult[]> {
  const all = await groupDays(ctx);
  if (!all) return [];
  const expected = expectedHours(ctx);
  const share = monthShare(ctx);
  let totalEngine = 0;
  let totalExpected: number | null = null;
  const data = all.map(({ group, vehicles }): Cell[] => {
    const engine = sumDays(vehicles, engineMs);
    const monthly = expected.get(String(group.id ?? 0));
    const inPeriod = monthly === undefined ? null : monthly * share;
    totalEngine += engine;
    if (inPeriod !== null) totalExpected = (totalExpected ?? 0) + inPeriod;
    return [
      group.name,
      vehicles.length,
      duration(engine),
      hoursOf(engine),
      monthly ?? null,
      inPeriod === null ? null : round(inPeriod, 2),
      percent(engine / 3_600_000, inPeriod),
    ];
  });
  const withExpected = all
    .filter(({ group }) => expected.has(String(group.id ?? 0)))
    .reduce((s, { vehicles }) => s + sumDays(vehicles, engineMs), 0);
  return [
    table({
      report: 'group_hours',
      title: 'Horas por grupo',
      subtitle: periodText(ctx),
      subtitle2: `${counted(all.length, 'grupo', 'grupos')} · ${counted(
        all.reduce((s, g) => s + g.vehicles.length, 0),
        'veículo',
        'veículos',
      )}`,
      subtitle3: 'Cumprimento: horas de motor / horas previstas (horas mensais × dias / dias do mês)',
      columns: GROUP_HOURS_COLUMNS,
      data,
      footer: [
        [
          'Total',
          all.reduce((s, g) => s + g.vehicles.length, 0),
          duration(totalEngine),
          hoursOf(totalEngine),
          null,
          totalExpected === null ? null : round(totalExpected, 2),
          percent(withExpected / 3_600_000, totalExpected),
        ],
      ],
    }),
  ];
}

export const GROUP_HOURS: ReportDef = {
  name: 'group_hours',
  groups: true,
  permission: 'custom_reports.group_hours',
  title: 'Horas por grupo',
  drivers: false,
  options: [],
  columns: GROUP_HOURS_COLUMNS,
  build: groupHoursReport,
};
