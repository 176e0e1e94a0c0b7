/** Machine reports run only for machines (device attribute vehicle_type 3, document 1 §3). */
import { badRequest } from '../../../errors';
import type { ReportContext } from '../../context';

export const MSG_MACHINES_ONLY = 'Relatório disponível apenas para máquinas';

/** 400 naming the first vehicle asked that is not a machine. */
export function assertMachines(ctx: ReportContext): void {
  const other = ctx.vehicles.find((v) => !v.profile.machine);
  if (other) throw badRequest(`${MSG_MACHINES_ONLY}: ${other.name} não é uma máquina`);
}
