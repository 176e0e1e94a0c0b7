import {
  boolAttr,
  corridorDistance,
  formatArea,
  numberAttr,
  parseArea,
  ZONE_DEFAULTS,
  type Area,
} from '@frota/core';
import type { Geofence } from '../api/types';
import { zoneType, type ZoneType } from './zoneList';

/** The zone edit dialog's fields; which ones show depends on the type (document 1 §2). */
export interface ZoneForm {
  name: string;
  description: string;
  type: ZoneType;
  /** circle */
  icon: string;
  radius: string;
  /** polygon and line */
  color: string;
  /** polygon */
  fill: boolean;
  /** line */
  polylineDistance: string;
}

/** A palette colour as stored: six hex digits without '#'. */
export const zoneColor = (value: unknown): string => {
  const text = typeof value === 'string' ? value.trim().replace(/^#/, '').toLowerCase() : '';
  return /^[0-9a-f]{6}$/.test(text) ? text : ZONE_DEFAULTS.color;
};

const areaOf = (zone: Pick<Geofence, 'area'>): Area | undefined => {
  try {
    return parseArea(zone.area);
  } catch {
    return undefined;
  }
};

export function zoneForm(zone: Pick<Geofence, 'name' | 'description' | 'area' | 'attributes'>): ZoneForm {
  const attributes = zone.attributes ?? {};
  const area = areaOf(zone);
  const radius = area?.type === 'circle' ? area.radius : ZONE_DEFAULTS.radius;
  return {
    name: zone.name ?? '',
    description: zone.description ?? '',
    type: zoneType(zone.area) ?? 'polygon',
    icon: typeof attributes.icon === 'string' && attributes.icon ? attributes.icon : ZONE_DEFAULTS.icon,
    radius: String(radius),
    color: zoneColor(attributes.color),
    fill: attributes.fill === undefined ? true : boolAttr(attributes.fill),
    polylineDistance: String(corridorDistance(attributes.polylineDistance)),
  };
}

/** A positive number typed in a field, else the default. */
function positive(text: string, fallback: number): number {
  const value = numberAttr(text.replace(',', '.'));
  return value !== undefined && value > 0 ? value : fallback;
}

/**
 * What the dialog edits: the name, the description, the area rewritten with the new radius for points,
 * and only the attributes the type uses. Sent alone as a PATCH for an existing zone, so attributes set
 * elsewhere (speedLimit, …) and changes made since the dialog opened are kept (issue 33).
 */
export function zoneEdits(
  zone: Partial<Geofence> & Pick<Geofence, 'area'>,
  form: ZoneForm,
): Pick<Geofence, 'name' | 'description' | 'area' | 'attributes'> {
  const attributes: Record<string, unknown> = {};
  let area = zone.area;
  if (form.type === 'circle') {
    const parsed = areaOf(zone);
    const radius = positive(form.radius, ZONE_DEFAULTS.radius);
    if (parsed?.type === 'circle') area = formatArea({ ...parsed, radius });
    attributes.icon = form.icon || ZONE_DEFAULTS.icon;
  } else {
    attributes.color = zoneColor(form.color);
    if (form.type === 'polygon') attributes.fill = form.fill;
    else attributes.polylineDistance = positive(form.polylineDistance, ZONE_DEFAULTS.polylineDistance);
  }
  return { name: form.name.trim(), description: form.description, area, attributes };
}

/** The whole zone as the dialog shows it (the body of POST /api/geofences for a new one). */
export function zoneBody(
  zone: Partial<Geofence> & Pick<Geofence, 'area'>,
  form: ZoneForm,
): Omit<Geofence, 'id'> & { id?: number } {
  const edits = zoneEdits(zone, form);
  return {
    ...(zone.id ? { id: zone.id } : {}),
    ...edits,
    attributes: { ...(zone.attributes ?? {}), ...edits.attributes },
  };
}
