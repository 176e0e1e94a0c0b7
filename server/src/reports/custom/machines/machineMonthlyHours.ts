/**
 * Horas mensais de máquinas (document 3 §2): the month selector's month (or from/to), a matrix of the
 * working hours of each machine per day (`DD/MM`; per month `MM/YYYY` over 31 days, as monthly_hours)
 * with a total column and a total row. Working hours are the day book's driving time, which for a
 * machine is work: power above engine_voltage or rpm above 0.
 */
import type { ReportDef } from '../../reportDef';
import { hoursOf, round, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import { matrix } from '../../builders/monthly';
import { assertMachines } from './machinesOnly';

const MATRIX = 'Máquina, Matrícula, one column per day `DD/MM` (or per month `MM/YYYY` over 31 days), Total';

export async function machineMonthlyHoursReport(ctx: ReportContext): Promise<ReportResult[]> {
  assertMachines(ctx);
  return matrix(
    ctx,
    'machine_monthly_hours',
    'Horas mensais de máquinas',
    (d) => d?.drivingMs ?? 0,
    (ms) => round(hoursOf(ms), 2),
    { item: 'Máquina', one: 'máquina', items: 'máquinas', subtitle3: 'Horas de trabalho' },
  );
}

export const MACHINE_MONTHLY_HOURS: ReportDef = {
  name: 'machine_monthly_hours',
  permission: 'custom_reports.machine_monthly_hours',
  title: 'Horas mensais de máquinas',
  drivers: false,
  options: [],
  columns: MATRIX,
  build: machineMonthlyHoursReport,
};
