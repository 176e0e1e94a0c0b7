/**
 * One position as the engine sees it: the hot columns, a few attributes read in SQL, and its motion
 * (document 1 §4): moving when the ignition is on and the speed is above 3 km/h (machines: power above
 * engine_voltage or rpm above 0), idle with ignition on otherwise, off with ignition off.
 */
import { boolAttr, knotsToKmh, numberAttr } from '@frota/core';
import { fuelLevelSource, type FuelLevelSource } from './fuelSource';

export type Motion = 'moving' | 'idle' | 'off';

export interface Sample {
  id: number;
  time: number;
  valid: boolean;
  latitude: number;
  longitude: number;
  /** km/h */
  speed: number;
  ignition: boolean;
  motion: Motion;
  /** totalDistance, metres */
  odometer: number | undefined;
  /** engine hours, milliseconds */
  hours: number | undefined;
  /** the attributes the report asked for, by key */
  attrs: Record<string, unknown>;
  course?: number;
  address?: string | null;
}

export const DRIVING_KMH = 3;
export const MACHINE_TYPE = 3;

export interface DeviceProfile {
  machine: boolean;
  engineVoltage: number | undefined;
  /** where a fuel level that gives litres comes from (fuelSource.ts) */
  fuel?: FuelLevelSource;
}

export function deviceProfile(attributes: Record<string, unknown>): DeviceProfile {
  return {
    machine: numberAttr(attributes.vehicle_type) === MACHINE_TYPE,
    engineVoltage: numberAttr(attributes.engine_voltage),
    fuel: fuelLevelSource(attributes),
  };
}

/** Attribute keys every motion decision needs. */
export const MOTION_KEYS = ['ignition', 'motion', 'totalDistance', 'hours'];
export const MACHINE_KEYS = ['power', 'rpm'];

export interface RawPosition {
  id: number;
  fixTime: number;
  valid: boolean;
  latitude: number;
  longitude: number;
  speed: number;
  course?: number;
  address?: string | null;
  attrs: Record<string, unknown>;
}

/**
 * Builds the sample; `previous` decides the motion of an invalid fix (it keeps the motion it had, so a
 * bad fix never starts or ends a trip by itself).
 */
export function toSample(raw: RawPosition, profile: DeviceProfile, previous?: Sample): Sample {
  const a = raw.attrs;
  const speed = knotsToKmh(Number(raw.speed) || 0);
  const ignition =
    a.ignition != null ? boolAttr(a.ignition) : a.motion != null ? boolAttr(a.motion) : speed > DRIVING_KMH;
  let motion: Motion;
  if (!ignition) motion = 'off';
  else if (!raw.valid && !profile.machine) motion = previous?.motion === 'moving' ? 'moving' : 'idle';
  else if (profile.machine) {
    const power = numberAttr(a.power);
    const rpm = numberAttr(a.rpm);
    const working =
      (power !== undefined && profile.engineVoltage !== undefined && power > profile.engineVoltage) ||
      (rpm !== undefined && rpm > 0);
    motion = working ? 'moving' : 'idle';
  } else motion = speed > DRIVING_KMH ? 'moving' : 'idle';
  return {
    id: raw.id,
    time: raw.fixTime,
    valid: raw.valid,
    latitude: raw.latitude,
    longitude: raw.longitude,
    speed,
    ignition,
    motion,
    odometer: numberAttr(a.totalDistance),
    hours: numberAttr(a.hours),
    attrs: a,
    course: raw.course,
    address: raw.address,
  };
}
