import { knotsToKmh } from '../units';
import { boolAttr, numberAttr } from './attributes';
import type { StatusDevice, StatusInput, StatusPosition } from './types';

/** Document 1 §4 and §9. */
export const DRIVING_SPEED_KMH = 3;
export const OFFLINE_AFTER_S = 86400;
export const MACHINE_VEHICLE_TYPE = 3;

export type VehicleStatus = 'private' | 'offline' | 'driving' | 'idle' | 'stopped';
/** Translation key: machines say working/connected where road vehicles say driving/idle. */
export type VehicleStatusLabel = VehicleStatus | 'working' | 'connected';
/** Spelled as the vehicle sprite colours (gray, green, red, yellow) so it can name an icon directly. */
export type StatusColor = 'green' | 'yellow' | 'red' | 'gray';
/** Map ignition status code: 0 driving, 1 idle, 2 stopped, 3 offline (private counts as offline). */
export type IgnitionCode = 0 | 1 | 2 | 3;

export const STATUS_COLORS: Readonly<Record<VehicleStatus, StatusColor>> = {
  private: 'gray',
  offline: 'gray',
  driving: 'green',
  idle: 'yellow',
  stopped: 'red',
};

export const IGNITION_CODES: Readonly<Record<VehicleStatus, IgnitionCode>> = {
  driving: 0,
  idle: 1,
  stopped: 2,
  offline: 3,
  private: 3,
};

export interface VehicleStatusInfo {
  status: VehicleStatus;
  label: VehicleStatusLabel;
  color: StatusColor;
  ignitionCode: IgnitionCode;
}

export const isMachine = (device: StatusDevice): boolean =>
  numberAttr(device.attributes.vehicle_type) === MACHINE_VEHICLE_TYPE;

/** The privacy flag set on the vehicle, or the privacy mode the tracker itself reports. */
export const isPrivate = (input: StatusInput): boolean =>
  boolAttr(input.device.attributes.privacy) || boolAttr(input.position?.attributes.privacy);

/** Active/inactive follows the disabled flag. */
export const isVehicleActive = (device: StatusDevice): boolean => !device.disabled;

/** Seconds since the fix; undefined when there is no position or its time cannot be read. */
export function fixAgeSeconds(position: StatusPosition | null | undefined, now: Date): number | undefined {
  if (!position) return undefined;
  const fix = position.fixTime instanceof Date ? position.fixTime.getTime() : Date.parse(position.fixTime);
  if (Number.isNaN(fix)) return undefined;
  return (now.getTime() - fix) / 1000;
}

/**
 * Until when (epoch ms) the clock alone changes nothing the status rules answer at `now`: a fix not yet
 * stale turns stale after fix + 86400 s; no position, an unreadable fix or a stale one stays so (a fix
 * only grows older). The live screen keeps a vehicle's view across clock ticks until then.
 */
export function clockSettledUntil(position: StatusPosition | null | undefined, now: Date): number {
  if (!position || isStale(position, now)) return Infinity;
  const fix = position.fixTime instanceof Date ? position.fixTime.getTime() : Date.parse(position.fixTime);
  return fix + OFFLINE_AFTER_S * 1000;
}

/** No position, an unreadable fix time, or a fix older than 86400 s. */
export function isStale(position: StatusPosition | null | undefined, now: Date): boolean {
  const age = fixAgeSeconds(position, now);
  return age === undefined || age > OFFLINE_AFTER_S;
}

/** Machine "driving": power above the configured engine voltage, or the engine turning. */
export function isMachineWorking(device: StatusDevice, position: StatusPosition): boolean {
  const power = numberAttr(position.attributes.power);
  const engineVoltage = numberAttr(device.attributes.engine_voltage);
  if (power !== undefined && engineVoltage !== undefined && power > engineVoltage) return true;
  const rpm = numberAttr(position.attributes.rpm);
  return rpm !== undefined && rpm > 0;
}

/** Status rules evaluated in the order of document 1 §4. */
export function vehicleStatus(input: StatusInput): VehicleStatus {
  const { device, position, now } = input;
  if (isPrivate(input)) return 'private';
  if (!position || isStale(position, now)) return 'offline';
  if (!boolAttr(position.attributes.ignition)) return 'stopped';
  const moving = isMachine(device)
    ? isMachineWorking(device, position)
    : knotsToKmh(position.speed) > DRIVING_SPEED_KMH;
  return moving ? 'driving' : 'idle';
}

export function statusLabel(status: VehicleStatus, machine: boolean): VehicleStatusLabel {
  if (machine && status === 'driving') return 'working';
  if (machine && status === 'idle') return 'connected';
  return status;
}

function statusInfos(machine: boolean): Readonly<Record<VehicleStatus, VehicleStatusInfo>> {
  const info = (status: VehicleStatus): VehicleStatusInfo =>
    Object.freeze({
      status,
      label: statusLabel(status, machine),
      color: STATUS_COLORS[status],
      ignitionCode: IGNITION_CODES[status],
    });
  return {
    private: info('private'),
    offline: info('offline'),
    driving: info('driving'),
    idle: info('idle'),
    stopped: info('stopped'),
  };
}

/** One frozen answer per status and kind of vehicle: the live screen asks for thousands each flush. */
const ROAD_INFOS = statusInfos(false);
const MACHINE_INFOS = statusInfos(true);

export function vehicleStatusInfo(input: StatusInput): VehicleStatusInfo {
  return (isMachine(input.device) ? MACHINE_INFOS : ROAD_INFOS)[vehicleStatus(input)];
}
