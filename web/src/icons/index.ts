/**
 * Vehicle and point-of-interest icons (document 1 §3 and §9). The images are static files under
 * web/public/images, drawn by the scripts in ./scripts; this module only resolves a stored category or
 * zone icon to the address of its image and to the language key of its name.
 */
import { POI_ICONS as CORE_POI_ICONS } from '@frota/core';

/** 2D icons: top-down, front to the north (the map rotates them by course), 128x128. */
export const VEHICLE_CATEGORIES_2D: string[] = [
  'car',
  'sedan',
  'jeep',
  'pickup',
  'van',
  'truck',
  'bus',
  'bike',
  'bicycle',
  'boat',
  'tractor',
  'crane',
  'trailer',
  'ambulance',
  'taxi',
  'person',
];

/** Names drawn as fixed three-quarter 3D icons, 100x100; the stored category is `3d_static_{name}`. */
const STATIC_NAMES = ['car', 'truck', 'van', 'bus', 'jeep', 'bike', 'boat', 'tractor', 'pickup'];

/** The 3D static categories as stored on the device (`3d_static_car`, ...). */
export const VEHICLE_CATEGORIES_3D_STATIC: string[] = STATIC_NAMES.map((name) => `3d_static_${name}`);

/** Shaded 3D vehicles 3d_vehicle_1 to 3d_vehicle_34, one image per status colour, front to the north. */
export const VEHICLE_3D_COUNT = 34;

/** The 3D vehicle categories as stored on the device (`3d_vehicle_1`, ...). */
export const VEHICLE_CATEGORIES_3D: string[] = Array.from(
  { length: VEHICLE_3D_COUNT },
  (_, i) => `3d_vehicle_${i + 1}`,
);

/** Every category a vehicle can be given, in the order a picker shows them. */
export const VEHICLE_CATEGORIES: string[] = [
  ...VEHICLE_CATEGORIES_2D,
  ...VEHICLE_CATEGORIES_3D_STATIC,
  ...VEHICLE_CATEGORIES_3D,
];

export const STATUS_COLORS = ['gray', 'green', 'red', 'yellow'] as const;
export type IconColor = (typeof STATUS_COLORS)[number];

/** Names other fleet systems store, drawn with the nearest icon of ours. */
const ALIASES: Record<string, string> = {
  default: 'car',
  motorcycle: 'bike',
  scooter: 'bike',
  offroad: 'jeep',
  ship: 'boat',
  trolleybus: 'bus',
  minibus: 'van',
};

const DEFAULT_2D = 'car';
const STATIC_PREFIX = '3d_static_';
const VEHICLE_3D = /^3d_vehicle_(\d+)$/;

const base = (): string => import.meta.env?.BASE_URL ?? '/';

type Resolved = { kind: '2d'; name: string } | { kind: 'static'; name: string } | { kind: '3d'; n: number };

function resolve(category: string | null | undefined): Resolved {
  const value = (category ?? '').trim().toLowerCase();
  if (value.startsWith(STATIC_PREFIX)) {
    const name = value.slice(STATIC_PREFIX.length);
    const known = ALIASES[name] ?? name;
    return { kind: 'static', name: STATIC_NAMES.includes(known) ? known : DEFAULT_2D };
  }
  const match = VEHICLE_3D.exec(value);
  if (match) {
    const n = Number(match[1]);
    if (n >= 1 && n <= VEHICLE_3D_COUNT) return { kind: '3d', n };
    return { kind: '2d', name: DEFAULT_2D };
  }
  const name = ALIASES[value] ?? value;
  return { kind: '2d', name: VEHICLE_CATEGORIES_2D.includes(name) ? name : DEFAULT_2D };
}

/** Whether the category's image is drawn front to the north and should turn with the course (3D static does not). */
export function isRotatingCategory(category: string | null | undefined): boolean {
  return resolve(category).kind !== 'static';
}

/**
 * Address of a vehicle's icon: 2D names go to /images/vehicles/2d/{name}.svg (unknown or empty → car),
 * `3d_static_{name}` to /images/vehicles/3d_static/{name}.svg, `3d_vehicle_{n}` to
 * /images/vehicles/3d/{n}/{color}.svg (colour of the vehicle status, gray by default).
 */
export function vehicleIconUrl(category: string | null | undefined, color: IconColor = 'gray'): string {
  const resolved = resolve(category);
  if (resolved.kind === 'static') return `${base()}images/vehicles/3d_static/${resolved.name}.svg`;
  if (resolved.kind === '3d') {
    const shade = STATUS_COLORS.includes(color) ? color : 'gray';
    return `${base()}images/vehicles/3d/${resolved.n}/${shade}.svg`;
  }
  return `${base()}images/vehicles/2d/${resolved.name}.svg`;
}

/** Pixel size of the image's square frame (document 1 §9: 2D 128 px, 3D static 100 px). */
export function vehicleIconSize(category: string | null | undefined): number {
  return resolve(category).kind === 'static' ? 100 : 128;
}

/**
 * Language key of a category's name: icons.{name} for 2D, icons.static.{name} for 3D static and
 * icons.vehicle3d (with {{n}}, see categoryLabelParams) for the 34 numbered 3D vehicles.
 */
export function categoryLabelKey(category: string | null | undefined): string {
  const resolved = resolve(category);
  if (resolved.kind === 'static') return `icons.static.${resolved.name}`;
  if (resolved.kind === '3d') return 'icons.vehicle3d';
  return `icons.${resolved.name}`;
}

/** The values the category's name needs ({ n } for 3d_vehicle_n, none otherwise). */
export function categoryLabelParams(category: string | null | undefined): Record<string, number> {
  const resolved = resolve(category);
  return resolved.kind === '3d' ? { n: resolved.n } : {};
}

/** The category's name in the user's language: `categoryLabel(t, device.category)`. */
export function categoryLabel(
  t: (key: string, params?: Record<string, number>) => string,
  category: string | null | undefined,
): string {
  return t(categoryLabelKey(category), categoryLabelParams(category));
}

/** Zone (point-of-interest) icons of document 1 §3; blue-dot is the default. */
export const POI_ICONS: readonly string[] = CORE_POI_ICONS;
export const DEFAULT_POI_ICON = 'blue-dot';
const POI_FILES = [...CORE_POI_ICONS, DEFAULT_POI_ICON] as readonly string[];

const poiName = (icon?: string | null): string => {
  const value = (icon ?? '').trim().toLowerCase();
  return POI_FILES.includes(value) ? value : DEFAULT_POI_ICON;
};

/** Address of a zone icon (48x48); unknown or empty → blue-dot. */
export function poiIconUrl(icon?: string | null): string {
  return `${base()}images/pois/${poiName(icon)}.svg`;
}

/** Where the icon touches its point: pins at the bottom tip, blue-dot at its centre (a MapLibre icon-anchor). */
export function poiIconAnchor(icon?: string | null): 'bottom' | 'center' {
  return poiName(icon) === DEFAULT_POI_ICON ? 'center' : 'bottom';
}

/** Language key of a zone icon's name: icons.poi.{icon}. */
export function poiLabelKey(icon?: string | null): string {
  return `icons.poi.${poiName(icon)}`;
}
