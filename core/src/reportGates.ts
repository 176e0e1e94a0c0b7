/**
 * Reports offered only for some vehicles. Document 2 §2.1 gives two readings and both hold: eco driving
 * needs the canbus flag and the eco-driving flag (rag: canbus and the RAG flag), or a vehicle whose phone
 * starts with 213. The spec does not name the two flags; they are device attributes beside has_canbus.
 */
import { boolAttr } from './status/attributes';

export const DEVICE_GATED_REPORTS = { eco_driving: 'has_eco_driving', rag: 'has_rag' } as const;
export type DeviceGatedReport = keyof typeof DEVICE_GATED_REPORTS;
export const ANALYSIS_PHONE_PREFIX = '213';

export interface GateDevice {
  phone?: string | null;
  attributes?: Record<string, unknown> | null;
}

export const isDeviceGatedReport = (name: string): name is DeviceGatedReport =>
  Object.hasOwn(DEVICE_GATED_REPORTS, name);

/** Whether one vehicle offers the report: canbus with the report's flag, or a phone starting with 213. */
export function deviceOffersReport(device: GateDevice, report: DeviceGatedReport): boolean {
  const a = device.attributes ?? {};
  if (boolAttr(a.has_canbus) && boolAttr(a[DEVICE_GATED_REPORTS[report]])) return true;
  const phone = (device.phone ?? '').trim().replace(/^\+/, '');
  return phone.startsWith(ANALYSIS_PHONE_PREFIX);
}

/** Whether a report is offered for a list of vehicles: ungated reports always, gated ones when any vehicle offers it. */
export const reportOffered = (report: string, devices: readonly GateDevice[]): boolean =>
  !isDeviceGatedReport(report) || devices.some((device) => deviceOffersReport(device, report));
