/** Zone constants of document 1 §3 and §9. */
export const ZONE_DEFAULTS = {
  /** Circle radius in metres. */
  radius: 100,
  /** Corridor half-width in metres (attributes.polylineDistance). */
  polylineDistance: 25,
  icon: 'blue-dot',
  color: '3bb2d0',
} as const;

export const ZONE_COLORS = [
  '3bb2d0',
  '00d084',
  'fcb900',
  'ff6900',
  'f44336',
  'b23bd0',
  '795548',
  '000000',
] as const;
export type ZoneColor = (typeof ZONE_COLORS)[number];

export const POI_ICONS = [
  'fuel',
  'generic',
  'hospital',
  'airport',
  'bed',
  'building',
  'church',
  'hotel',
  'house',
  'info',
  'plant',
  'question',
  'restaurant',
  'trash',
  'warehouse',
  'pharmacy',
  'police',
  'repair',
  'supermarket',
] as const;
export type PoiIcon = (typeof POI_ICONS)[number];

/** A usable corridor distance: a positive finite number (numeric strings accepted), else the 25 m default. */
export function corridorDistance(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : ZONE_DEFAULTS.polylineDistance;
}
