/**
 * The maintenance notification form (document 3 §5), shared by the server (400 with the message) and the web
 * form: recipients required and valid, advance values numeric, an empty advance field falling back to
 * 1000 km, 250 hours, 30 days, 24 hours. A kind that is off keeps its value (or the fallback) unchecked.
 */
import { normaliseEmailList } from '../emailList';
import { parseAmount, parseFlag } from '../management/amounts';
import type { Checked } from '../management/validation';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_FALLBACKS,
  NOTIFICATION_MESSAGES as M,
  type AdvanceField,
} from './constants';
import {
  formatDeviceIds,
  parseDeviceIds,
  type MaintenanceNotification,
  type MaintenanceNotificationInput,
} from './wire';

export type MaintenanceNotificationValues = Omit<MaintenanceNotification, 'id'>;

const flag = (v: unknown): boolean => parseFlag(v) === 1;

/** An advance value: empty → the fallback; otherwise a number ≥ 0 (whole for days), else null. */
function advance(value: unknown, field: AdvanceField, whole: boolean): number | null {
  const n = parseAmount(value);
  if (n === null) return NOTIFICATION_FALLBACKS[field];
  if (Number.isNaN(n) || n < 0 || (whole && !Number.isInteger(n))) return null;
  return n;
}

const ADVANCES: Array<{
  field: AdvanceField;
  on: 'maintenance' | 'cost' | 'document' | 'communication';
  message: string;
  whole: boolean;
}> = [
  { field: 'maintenance_km', on: 'maintenance', message: M.kmHoursInvalid, whole: false },
  { field: 'maintenance_hours', on: 'maintenance', message: M.kmHoursInvalid, whole: false },
  { field: 'cost_days', on: 'cost', message: M.daysInvalid, whole: true },
  { field: 'document_days', on: 'document', message: M.daysInvalid, whole: true },
  { field: 'communication_hours', on: 'communication', message: M.hoursInvalid, whole: false },
];

/** The clean values of a save, or the first Portuguese message of §5. */
export function validateMaintenanceNotification(
  input: MaintenanceNotificationInput,
): Checked<MaintenanceNotificationValues> {
  const { list, invalid } = normaliseEmailList(input.emails);
  if (!list) return { ok: false, message: M.emailsRequired };
  if (invalid) return { ok: false, message: M.emailInvalid };
  const kinds = {
    maintenance: flag(input.maintenance),
    cost: flag(input.cost),
    document: flag(input.document),
    communication: flag(input.communication),
  };
  const values = {} as Record<AdvanceField, number>;
  for (const a of ADVANCES) {
    const n = advance(input[a.field], a.field, a.whole);
    if (n === null && kinds[a.on]) return { ok: false, message: a.message };
    values[a.field] = n ?? NOTIFICATION_FALLBACKS[a.field];
  }
  const allDevices = input.all_devices === undefined ? true : flag(input.all_devices);
  return {
    ok: true,
    value: {
      emails: list,
      all_devices: allDevices,
      device_ids: allDevices ? '' : formatDeviceIds(parseDeviceIds(input.device_ids)),
      ...kinds,
      ...values,
    },
  };
}

/** A new form: the user's own e-mail, every kind on with the defaults of §9, all vehicles. */
export function newMaintenanceNotification(
  userEmail: string | null | undefined,
): MaintenanceNotificationValues {
  return {
    emails: userEmail?.trim() ?? '',
    all_devices: true,
    device_ids: '',
    maintenance: true,
    cost: true,
    document: true,
    communication: true,
    ...NOTIFICATION_DEFAULTS,
  };
}
