import type { StatusColor } from '@frota/core';
import { isRotatingCategory, poiIconAnchor, poiIconUrl, VEHICLE_CATEGORIES, vehicleIconUrl } from '../icons';

/**
 * The drawn icon set of web/src/icons: 2D icons are white bodies (tinted here with the status colour),
 * 3D static ones are fixed pictures (a status ring goes under them), 3D vehicles come in the four colours.
 */
export type VehicleIconKind = '2d' | 'static' | '3d';

export function vehicleIconKind(category: string): VehicleIconKind {
  if (category.startsWith('3d_static_')) return 'static';
  if (/^3d_vehicle_\d+$/.test(category)) return '3d';
  return '2d';
}

export const vehicleIconAddress = (category: string, color: StatusColor): string =>
  vehicleIconUrl(category, color);

/** 3D static pictures do not turn with the course. */
export const rotatesWithCourse = (category: string): boolean => isRotatingCategory(category);

export { poiIconAnchor, poiIconUrl };

/** The DEMO fleet: one vehicle of every category. */
export const demoCategories = (): readonly string[] => VEHICLE_CATEGORIES;
