/** The refill station form's draft and checks (document 3 §2, §3). */
import type { TFunction } from 'i18next';
import { parseDecimal } from './refillRules';
import type { FuelType } from './refillTypes';

export interface StationDraft {
  id?: number;
  name: string;
  code: string;
  location: string;
  fuel_type: FuelType;
  /** as typed */
  total_capacity: string | number;
  mainStationId: number;
}

export const newStation = (): StationDraft => ({
  name: '',
  code: '',
  location: '',
  fuel_type: 'diesel',
  total_capacity: '',
  mainStationId: 0,
});

export function stationProblem(station: StationDraft, t: TFunction): string | null {
  if (!station.name.trim()) return t('refills.nameRequired');
  const capacity = String(station.total_capacity).trim();
  if (capacity !== '' && (parseDecimal(capacity) ?? -1) < 0) return t('refills.numberInvalid');
  return null;
}

export const stationBody = (station: StationDraft): StationDraft => ({
  ...station,
  name: station.name.trim(),
  code: station.code.trim(),
  location: station.location.trim(),
  total_capacity: parseDecimal(String(station.total_capacity)) ?? 0,
});
