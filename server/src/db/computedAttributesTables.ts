/** Table types of migration 019_computedAttributes (issue 23: computed attributes). */
import type { Generated } from 'kysely';

/** Traccar's Attribute: `expression` evaluated on each position, its result stored as `attribute`. */
export interface ComputedAttributesTable {
  id: Generated<number>;
  description: string;
  /** the position attribute (or field: valid, latitude, longitude, altitude, speed, course, address, accuracy) */
  attribute: string;
  expression: string;
  /** string, number or boolean */
  type: string;
  /** higher first; below zero before the filter stage (Traccar's early handler) */
  priority: number;
  attributes: string | Record<string, unknown>;
}

export interface UserComputedAttributeTable {
  userId: number;
  attributeId: number;
}

export interface DeviceComputedAttributeTable {
  deviceId: number;
  attributeId: number;
}

export interface GroupComputedAttributeTable {
  groupId: number;
  attributeId: number;
}

export interface ComputedAttributeTables {
  computedAttributes: ComputedAttributesTable;
  userComputedAttribute: UserComputedAttributeTable;
  deviceComputedAttribute: DeviceComputedAttributeTable;
  groupComputedAttribute: GroupComputedAttributeTable;
}
