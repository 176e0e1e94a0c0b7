/** Expected monthly hours per group for the group hours report, remembered per group on this browser. */

const KEY = 'frota.report.groupHours';
/** What a group expects until someone types a value: 22 weekdays of 8 hours. */
export const DEFAULT_GROUP_HOURS = 176;

function readAll(storage: Storage): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The remembered hours of each group, or the default. */
export function rememberedGroupHours(
  groupIds: number[],
  storage: Storage = localStorage,
): Record<number, number> {
  const all = readAll(storage);
  const out: Record<number, number> = {};
  for (const id of groupIds) {
    const value = Number(all[String(id)]);
    out[id] = Number.isFinite(value) && value >= 0 ? value : DEFAULT_GROUP_HOURS;
  }
  return out;
}

/** Remembers a group's hours (ignored when not a non-negative number). */
export function rememberGroupHours(groupId: number, hours: number, storage: Storage = localStorage): void {
  if (!Number.isFinite(hours) || hours < 0) return;
  const all = readAll(storage);
  all[String(groupId)] = hours;
  storage.setItem(KEY, JSON.stringify(all));
}

/** The `keyValueItems` of the call: one entry per group with its expected hours. */
export const groupHoursItems = (hours: Record<number, number>, groupIds: number[]) =>
  groupIds.map((id) => ({ key: String(id), value: hours[id] ?? DEFAULT_GROUP_HOURS }));

/** The groups of the chosen vehicles, in the order they were chosen. */
export function groupsOfDevices(
  devices: Array<{ id: number; groupId?: number | null }>,
  chosen: number[],
): number[] {
  const byId = new Map(devices.map((device) => [device.id, device.groupId]));
  return [...new Set(chosen.map((id) => byId.get(id)).filter((id): id is number => !!id))];
}

/** The hours sent for each group: what was typed, else what was remembered. */
export const groupHoursFor = (
  groupIds: number[],
  typed: Record<number, number>,
  storage: Storage = localStorage,
) => ({
  ...rememberedGroupHours(groupIds, storage),
  ...Object.fromEntries(groupIds.filter((id) => id in typed).map((id) => [id, typed[id]])),
});
