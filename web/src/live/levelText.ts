import { fuelColor, fuelDisplayValue, type FuelDisplayMode, type LevelColor } from '@frota/core';
import { fuelText } from './popupFields';
import type { VehicleView } from './types';

export interface LevelDisplay {
  text: string;
  color: LevelColor | undefined;
}

/** The fuel/level display of a vehicle in a mode; undefined when it reports no level. */
export function levelDisplay(view: VehicleView, mode: FuelDisplayMode): LevelDisplay | undefined {
  const value = fuelDisplayValue(mode, view.device.attributes ?? {}, view.position?.attributes ?? {});
  if (!value) return undefined;
  return { text: fuelText(value), color: value.unit === '%' ? fuelColor(value.value) : undefined };
}

export const LEVEL_COLORS: Record<LevelColor, string> = {
  green: '#2e7d32',
  orange: '#ef6c00',
  red: '#c62828',
};
