/** Per-device state the pipeline keeps in memory between records (persisted with each batch). */
export interface LastPosition {
  fixTime: number;
  latitude: number;
  longitude: number;
  speed: number;
  valid: boolean;
  attributes: Record<string, unknown>;
}

export interface DeviceState {
  id: number;
  uniqueId: string;
  name: string;
  groupId: number | null;
  disabled: boolean;
  attributes: Record<string, unknown>;
  status: string;
  lastUpdate: number | null;
  /** the latest accepted position (not outdated) */
  last: LastPosition | null;
  /** zones the vehicle was inside at the latest position */
  geofenceIds: number[];
  /** fixTime the current speeding episode began, and whether it was reported */
  overspeedSince: number | null;
  overspeedReported: boolean;
  /** the last driver card read on the vehicle, kept across ignition cycles (a re-inserted card is no change) */
  lastCard: string | null;
}

export const numberAttr = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

export const boolAttr = (v: unknown): boolean | undefined =>
  v === undefined || v === null ? undefined : v === true || v === 1 || v === '1' || v === 'true';
