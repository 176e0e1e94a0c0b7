/** The maintenance settings of a vehicle (document 3 §2, §3, §4): its mode and km periodicity attributes. */
import {
  MANAGEMENT_MESSAGES,
  maintenanceMode,
  maintenancePeriodicity,
  parseAmount,
  type MaintenanceMode,
} from '@frota/core';
import type { Device } from '../api/types';

export interface SettingsDraft {
  id?: number;
  mode: MaintenanceMode;
  periodicity: string;
}

export const settingsDraft = (device: Device): SettingsDraft => ({
  mode: maintenanceMode(device.attributes ?? {}),
  periodicity: String(maintenancePeriodicity(device.attributes ?? {}) ?? ''),
});

/** Switching to manual clears the periodicity (document 3 §4). */
export const setMode = (draft: SettingsDraft, mode: MaintenanceMode): SettingsDraft => ({
  mode,
  periodicity: mode === 'manual' ? '' : draft.periodicity,
});

/** Automatic needs a positive km periodicity. */
export function settingsProblem(draft: SettingsDraft): string | null {
  if (draft.mode === 'manual') return null;
  const km = parseAmount(draft.periodicity);
  return km === null || Number.isNaN(km) || km <= 0 ? MANAGEMENT_MESSAGES.periodicityNumeric : null;
}

/**
 * The change sent with PATCH /api/devices/{id}: only the two attributes (manual: the periodicity removed,
 * null in a merge patch), so the rest of the vehicle stays as stored, not as this page loaded it (issue 33).
 */
export function settingsPatch(draft: SettingsDraft): Pick<Device, 'attributes'> {
  return {
    attributes: {
      automaticMaintenance: draft.mode,
      automaticMaintenancePeriodicity: draft.mode === 'automatic' ? parseAmount(draft.periodicity) : null,
    },
  };
}
