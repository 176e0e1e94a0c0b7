/**
 * Hand-built tracks for tests and the bench: a vehicle moving along a parallel at the speeds given, its
 * odometer (`totalDistance`) and engine hours (`hours`) accumulated from the previous point's speed and
 * ignition, and a multi-row insert of the positions.
 */
import { kmhToKnots } from '@frota/core';
import type { Db } from '../../db/database';
import { fromBool, toJson } from '../../db/mapping';

export interface TrackPoint {
  time: number;
  /** km/h */
  speed: number;
  ignition: boolean;
  valid?: boolean;
  attrs?: Record<string, unknown>;
}

export interface TrackRow {
  time: number;
  latitude: number;
  longitude: number;
  speed: number;
  ignition: boolean;
  valid: boolean;
  totalDistance: number;
  hours: number;
  attrs: Record<string, unknown>;
}

/** Metres per degree of longitude at a latitude (spherical earth of core's radius). */
export const metresPerLonDegree = (latitude: number) =>
  ((Math.PI * 6373000) / 180) * Math.cos((latitude * Math.PI) / 180);

export interface TrackStart {
  latitude: number;
  longitude: number;
  totalDistance?: number;
  hours?: number;
}

export function buildTrack(start: TrackStart, points: TrackPoint[]): TrackRow[] {
  const perDegree = metresPerLonDegree(start.latitude);
  let distance = start.totalDistance ?? 0;
  let hours = start.hours ?? 0;
  let travelled = 0;
  const out: TrackRow[] = [];
  let prev: TrackPoint | undefined;
  for (const p of points) {
    if (prev) {
      const dt = p.time - prev.time;
      const step = (prev.speed / 3.6) * (dt / 1000);
      distance += step;
      travelled += step;
      if (prev.ignition) hours += dt;
    }
    out.push({
      time: p.time,
      latitude: start.latitude,
      longitude: start.longitude + travelled / perDegree,
      speed: p.speed,
      ignition: p.ignition,
      valid: p.valid ?? true,
      totalDistance: Math.round(distance * 100) / 100,
      hours,
      attrs: p.attrs ?? {},
    });
    prev = p;
  }
  return out;
}

/** Points every `everyMs` from `from` (inclusive) to `to` (exclusive). */
export function every(
  from: number,
  to: number,
  everyMs: number,
  point: (t: number) => Omit<TrackPoint, 'time'>,
): TrackPoint[] {
  const out: TrackPoint[] = [];
  for (let t = from; t < to; t += everyMs) out.push({ time: t, ...point(t) });
  return out;
}

/** Inserts the rows in multi-row statements; returns the ids in order. */
export async function insertTrack(
  db: Db,
  deviceId: number,
  rows: TrackRow[],
  batch = 500,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += batch) {
    const values = rows.slice(i, i + batch).map((r) => ({
      deviceId,
      protocol: 'test',
      serverTime: r.time,
      deviceTime: r.time,
      fixTime: r.time,
      valid: fromBool(db.dialect, r.valid),
      latitude: r.latitude,
      longitude: r.longitude,
      altitude: 0,
      speed: kmhToKnots(r.speed),
      course: 90,
      accuracy: 0,
      address: null,
      event: null,
      attributes: toJson({
        ignition: r.ignition,
        totalDistance: r.totalDistance,
        hours: r.hours,
        ...r.attrs,
      }),
    }));
    const inserted = await db.kysely.insertInto('positions').values(values).returning('id').execute();
    ids.push(...inserted.map((x) => Number(x.id)));
  }
  return ids;
}
