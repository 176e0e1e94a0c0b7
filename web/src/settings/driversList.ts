import type { Driver } from '../api/types';
import { compareText } from '../common/listSearch';
import type { GroupElements } from './settingsQueries';

export interface DriverRow {
  id: number;
  name: string;
  uniqueId: string;
  groups: string;
}

/** A uniqueId starting with `x.` is a generated placeholder and shows empty in the list (document 1 §3). */
export const listedUniqueId = (uniqueId: string | null | undefined): string =>
  !uniqueId || uniqueId.startsWith('x.') ? '' : uniqueId;

/** One starting with `random_` shows empty in the form. */
export const formUniqueId = (uniqueId: string | null | undefined): string =>
  !uniqueId || uniqueId.startsWith('random_') ? '' : uniqueId;

/** Rows of /settings/drivers: group names joined by commas, in name order. */
export function driverRows(
  drivers: readonly Driver[] | undefined,
  groups: readonly GroupElements[] | undefined,
): DriverRow[] {
  return (drivers ?? []).map((driver) => ({
    id: driver.id,
    name: driver.name,
    uniqueId: listedUniqueId(driver.uniqueId),
    groups: (groups ?? [])
      .filter((g) => g.drivers.includes(driver.id))
      .map((g) => g.name)
      .sort(compareText)
      .join(', '),
  }));
}
