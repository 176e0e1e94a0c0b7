import { DEFAULT_OCCUPANCY, invalidWorkTime, speedLimitFromKmh, speedLimitToKmh } from '@frota/core';
import type { Device } from '../api/types';

export type DeviceDraft = Omit<Device, 'id'> & { id?: number };

/** Device types with an RFID reader whose buzzer can be switched (document 1 §6 "Edit forms"). */
export const RFID_BUZZER_TYPES = [1, 3, 12, 13, 16, 20];

export const newDeviceDraft = (): DeviceDraft => ({
  name: '',
  uniqueId: '',
  groupId: 0,
  category: 'car',
  model: '',
  contact: '',
  phone: '',
  disabled: false,
  attributes: { occupancy: DEFAULT_OCCUPANCY },
});

/** Speed limit as typed in km/h; the stored value is knots. */
export const speedLimitText = (device: DeviceDraft | undefined): string => {
  const knots = Number(device?.attributes?.speedLimit);
  return knots > 0 ? String(speedLimitToKmh(knots)) : '';
};

export const hasRfidBuzzer = (device: DeviceDraft | undefined): boolean =>
  !!device &&
  RFID_BUZZER_TYPES.includes(Number(device.attributes?.device_type)) &&
  ['1', 'true'].includes(String(device.attributes?.has_rfid));

/** i18n key and value of the first problem, or null. */
export function validateDevice(device: DeviceDraft): { key: string; value?: string } | null {
  if (!device.name?.trim()) return { key: 'invalidName' };
  if (!device.uniqueId?.trim()) return { key: 'settings.uniqueIdRequired' };
  const time = invalidWorkTime(device.attributes?.week);
  if (time !== null) return { key: 'settings.invalidWorkTime', value: time };
  return null;
}

/**
 * The body saved: speed limit typed in km/h stored in knots (0 when invalid), the chosen driver, and the
 * occupancy's default (2) when none is given.
 */
export function deviceBody(
  device: DeviceDraft,
  speedKmh: string | null,
  driverId: number | undefined,
): DeviceDraft {
  const attributes = { ...device.attributes };
  if (speedKmh !== null) attributes.speedLimit = speedLimitFromKmh(speedKmh);
  if (driverId) attributes.driverId = driverId;
  else delete attributes.driverId;
  if (attributes.occupancy === undefined || attributes.occupancy === null || attributes.occupancy === '')
    attributes.occupancy = DEFAULT_OCCUPANCY;
  return { ...device, attributes };
}
