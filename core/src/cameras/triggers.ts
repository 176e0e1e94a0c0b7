/**
 * Camera trigger types (document 3 §3): the bitmask a DualCam/DashCam writes into a file's metadata (0x000B)
 * → the label names the lists translate as `camera_` + name. Bits 1–7 are the vendor's (2 DIN1, 4 DIN2,
 * 8 crash, 16 towing, 32 idling, 64 geofence, 128 unplug); the others follow the same order as the vendor's
 * trigger enumeration (bit n = event n) and are kept here, in one table, so a firmware difference is one edit.
 * 0 means the file was asked for by the server (camreq); a mask with no known bit is `none`.
 */

export const CAMERA_TRIGGERS = [
  { bit: 0x1, name: 'periodic' },
  { bit: 0x2, name: 'din1' },
  { bit: 0x4, name: 'din2' },
  { bit: 0x8, name: 'crash' },
  { bit: 0x10, name: 'towing' },
  { bit: 0x20, name: 'idling' },
  { bit: 0x40, name: 'geofence' },
  { bit: 0x80, name: 'unplug' },
  { bit: 0x100, name: 'green' },
  { bit: 0x200, name: 'din3' },
  { bit: 0x400, name: 'din4' },
  { bit: 0x800, name: 'event' },
  { bit: 0x1000, name: 'file' },
  { bit: 0x2000, name: 'drowsiness' },
  { bit: 0x4000, name: 'distraction' },
  { bit: 0x8000, name: 'yawning' },
  { bit: 0x10000, name: 'phone' },
  { bit: 0x20000, name: 'smoking' },
  { bit: 0x40000, name: 'seatbelt' },
] as const;

export type CameraTriggerName = (typeof CAMERA_TRIGGERS)[number]['name'] | 'server' | 'none';

/** Every label (document 3 §3 camera trigger types), for translations and filters. */
export const CAMERA_TRIGGER_NAMES: readonly CameraTriggerName[] = [
  ...CAMERA_TRIGGERS.map((t) => t.name),
  'server',
  'none',
];

/** All names of the bits set in a mask: 0 → ['server'], no known bit → ['none']. */
export function cameraTriggerNames(mask: number | null | undefined): CameraTriggerName[] {
  const m = Number(mask ?? 0);
  if (!Number.isFinite(m) || m <= 0) return ['server'];
  const names = CAMERA_TRIGGERS.filter((t) => (m & t.bit) !== 0).map((t) => t.name);
  return names.length ? names : ['none'];
}

/** The one name a list shows: the first set bit's, `server` for 0, `none` when unknown. */
export function cameraTriggerName(mask: number | null | undefined): CameraTriggerName {
  return cameraTriggerNames(mask)[0]!;
}

/** The translation key of a mask: `camera_` + name. */
export function cameraTriggerKey(mask: number | null | undefined): string {
  return `camera_${cameraTriggerName(mask)}`;
}
