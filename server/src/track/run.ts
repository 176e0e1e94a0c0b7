/** Streams one vehicle's period through a set of consumers (tracker, day book, detectors) in one pass. */
import type { Db } from '../db/database';
import { positionBefore, positionChunks, type StreamSpec } from './positionStream';
import { compactChunks } from './compactStream';
import type { Zone } from './timezone';
import { MACHINE_KEYS, MOTION_KEYS, toSample, type DeviceProfile, type Sample } from './sample';

export interface Consumer {
  seed?(s: Sample, from: number): void;
  push(s: Sample): void;
  finish?(end: number): void;
}

export interface RunOptions {
  from: number;
  to: number;
  /** where open periods end: min(to, now) */
  end: number;
  keys?: string[];
  details?: boolean;
  allAttributes?: boolean;
  /** read the position before the period (state and odometer at `from`); default true */
  seed?: boolean;
  /**
   * The compact stream (compactStream.ts) with its bucket length and the days it reads by, for consumers
   * that need only motion, time, distance and top speed. Machines (motion from power and rpm) and extra
   * keys read every position.
   */
  compact?: { bucketMs: number; zone: Zone };
}

/** The attribute keys a vehicle's motion needs (machines: power and rpm), with `extra` ones. */
export const motionKeys = (profile: DeviceProfile, extra: string[] = []): string[] => [
  ...new Set([...MOTION_KEYS, ...(profile.machine ? MACHINE_KEYS : []), ...extra]),
];

export async function runVehicle(
  db: Db,
  deviceId: number,
  profile: DeviceProfile,
  consumers: Consumer[],
  o: RunOptions,
): Promise<number> {
  const keys = motionKeys(profile, o.keys);
  const spec: StreamSpec = { keys, details: o.details, allAttributes: o.allAttributes };
  let prev: Sample | undefined;
  if (o.seed !== false) {
    const before = await positionBefore(db, deviceId, o.from, spec);
    if (before) {
      prev = toSample(before, profile);
      for (const c of consumers) c.seed?.(prev, o.from);
    }
  }
  let count = 0;
  const compact = o.compact && !profile.machine && !o.keys?.length && !o.details && !o.allAttributes;
  const chunks = compact
    ? compactChunks(db, deviceId, o.from, o.to, o.compact!.bucketMs, o.compact!.zone)
    : positionChunks(db, deviceId, o.from, o.to, spec);
  for await (const chunk of chunks) {
    for (const raw of chunk) {
      const s = toSample(raw, profile, prev);
      for (const c of consumers) c.push(s);
      prev = s;
    }
    count += chunk.length;
  }
  for (const c of consumers) c.finish?.(o.end);
  return count;
}
