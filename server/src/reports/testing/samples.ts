/** Samples from hand-built tracks for the engine's unit tests (10 March 2025, Africa/Luanda). */
import { kmhToKnots } from '@frota/core';
import { buildTrack, every, type TrackPoint, type TrackRow } from './track';
import { toSample, type DeviceProfile, type Sample } from '../../track/sample';
import { zoneFor } from '../../track/timezone';

export const CAR: DeviceProfile = { machine: false, engineVoltage: undefined };
export const tz = zoneFor('Africa/Luanda');
export const MIN = 60_000;
/** 10 March 2025 (a Monday), local Luanda time (UTC+1) */
export const at = (h: number, m = 0, s = 0, day = 10) => tz.toUtc(2025, 3, day, h, m, s);

export function toSamples(rows: TrackRow[], profile = CAR): Sample[] {
  const out: Sample[] = [];
  for (const r of rows) {
    const prev = out[out.length - 1];
    out.push(
      toSample(
        {
          id: out.length + 1,
          fixTime: r.time,
          valid: r.valid,
          latitude: r.latitude,
          longitude: r.longitude,
          speed: kmhToKnots(r.speed),
          attrs: { ignition: r.ignition, totalDistance: r.totalDistance, hours: r.hours, ...r.attrs },
        },
        profile,
        prev,
      ),
    );
  }
  return out;
}

export const track = (points: TrackPoint[]) =>
  toSamples(buildTrack({ latitude: -8.8, longitude: 13.2 }, points));
export const parked = (from: number, to: number, step = 10 * MIN) =>
  every(from, to, step, () => ({ speed: 0, ignition: false }));
export const driving = (from: number, to: number, speed: number, step = 30_000) =>
  every(from, to, step, () => ({ speed, ignition: true }));
export const idling = (from: number, to: number, step = 30_000) =>
  every(from, to, step, () => ({ speed: 0, ignition: true }));
