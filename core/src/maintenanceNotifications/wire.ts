/** A maintenance notification as the API answers and the form sends it (document 3 §3 field names). */

export interface MaintenanceNotification {
  id: number;
  /** recipients, normalised to a comma-separated list ("a@x.ao,b@x.ao") */
  emails: string;
  all_devices: boolean;
  /** comma-separated vehicle ids ("" with all_devices) */
  device_ids: string;
  maintenance: boolean;
  maintenance_km: number;
  maintenance_hours: number;
  cost: boolean;
  cost_days: number;
  document: boolean;
  document_days: number;
  communication: boolean;
  communication_hours: number;
}

/** The body of a save: the same fields; numbers may come as text (decimal comma) and flags as 0/1. */
export type MaintenanceNotificationInput = Partial<Record<keyof MaintenanceNotification, unknown>>;

/** Vehicle ids from "3, 5,7", [3, 5] or 3; invalid and repeated ids dropped, order kept. */
export function parseDeviceIds(value: unknown): number[] {
  const parts = Array.isArray(value)
    ? value
    : typeof value === 'number'
      ? [value]
      : String(value ?? '').split(/[\s,;]+/);
  const ids: number[] = [];
  for (const part of parts) {
    const text = typeof part === 'number' ? String(part) : String(part ?? '').trim();
    if (!/^\d+$/.test(text)) continue;
    const id = Number(text);
    if (id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export const formatDeviceIds = (ids: readonly number[]): string => ids.join(',');

/** The list's vehicles column (§2): all vehicles, the plate of a single one, else the count. */
export type VehiclesCell = { all: true } | { plate: string } | { count: number };

export function vehiclesCell(
  n: Pick<MaintenanceNotification, 'all_devices' | 'device_ids'>,
  plateOf: (deviceId: number) => string | null | undefined,
): VehiclesCell {
  if (n.all_devices) return { all: true };
  const ids = parseDeviceIds(n.device_ids);
  if (ids.length === 1) {
    const plate = plateOf(ids[0]);
    if (plate) return { plate };
  }
  return { count: ids.length };
}
