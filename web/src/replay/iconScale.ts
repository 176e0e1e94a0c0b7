import { ICON_SIZE } from '../map/mapContext';

/** Document 2 §2.6: the vehicle icon's scale, zoom/20 + 0.3 clamped to 0..1. */
export const iconScale = (zoom: number): number => Math.max(0, Math.min(1, zoom / 20 + 0.3));

/** The same rule as a map style expression (the live map's icon size, which follows it). */
export const ICON_SCALE_EXPRESSION = ICON_SIZE;
