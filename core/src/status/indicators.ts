import { boolAttr } from './attributes';
import { immobilizationState, type ImmobilizationState } from './immobilization';
import { hasLowGsm, hasNoGps } from './signal';
import type { StatusInput } from './types';
import { isPrivate } from './vehicleStatus';

/** The small icons of a vehicle row and popup (document 1 §2). */
export interface VehicleIndicators {
  maintenance: boolean;
  noGps: boolean;
  lowGsm: boolean;
  camera: boolean;
  privacy: boolean;
  /** null when the vehicle has no immobiliser (has_immobilization not set): no icon at all. */
  immobilization: ImmobilizationState | null;
}

export function vehicleIndicators(input: StatusInput): VehicleIndicators {
  const { device, position } = input;
  const attributes = position?.attributes ?? {};
  return {
    maintenance: boolAttr(device.attributes.in_maintenance),
    noGps: hasNoGps(position),
    lowGsm: hasLowGsm(attributes),
    camera: boolAttr(device.attributes.has_camera),
    privacy: isPrivate(input),
    immobilization: boolAttr(device.attributes.has_immobilization) ? immobilizationState(attributes) : null,
  };
}
