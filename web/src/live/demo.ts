import { kmhToKnots } from '@frota/core';
import type { Device } from '../api/types';
import type { LivePosition } from './types';

/** DEMO mode (document 1 §2): sample vehicles of every category moving around a centre. */
export const DEMO_CENTER = { latitude: -8.885, longitude: 13.275 };
export const DEMO_TICK_MS = 2000;

const METRES_PER_DEGREE = 111_320;

/** Repeating pattern of sample states, so every tab of the panel has vehicles. */
const PATTERN = [
  { speedKmh: 48, ignition: true },
  { speedKmh: 72, ignition: true },
  { speedKmh: 0, ignition: true },
  { speedKmh: 0, ignition: false },
  { speedKmh: 35, ignition: true, extra: { power: 10.6 } },
  { speedKmh: 90, ignition: true, device: { in_maintenance: 1 } },
  { speedKmh: 0, ignition: false, extra: { rssi: 1 } },
] as const;

export interface DemoFleet {
  devices: Device[];
  positions: LivePosition[];
}

/** The demo fleet at `now`: ids are negative so they never meet real ones; positions are a pure function of time. */
export function demoFleet(
  categories: readonly string[],
  now: number,
  label: (category: string) => string = (category) => category,
): DemoFleet {
  const devices: Device[] = [];
  const positions: LivePosition[] = [];
  categories.forEach((category, index) => {
    const id = -(index + 1);
    const sample = PATTERN[index % PATTERN.length];
    const radius = 600 + ((index * 397) % 4200);
    const phase = (index * 2.399) % (2 * Math.PI);
    const metresPerSecond = sample.speedKmh / 3.6;
    const angle = phase + (metresPerSecond * (now / 1000)) / radius;
    const north = Math.sin(angle) * radius;
    const east = Math.cos(angle) * radius;
    const latitude = DEMO_CENTER.latitude + north / METRES_PER_DEGREE;
    const longitude =
      DEMO_CENTER.longitude + east / (METRES_PER_DEGREE * Math.cos((DEMO_CENTER.latitude * Math.PI) / 180));
    // Moving counter-clockwise: the heading is the tangent of the circle.
    const course = (((90 - ((angle + Math.PI / 2) * 180) / Math.PI) % 360) + 360) % 360;
    const fixTime = new Date(now).toISOString();
    devices.push({
      id,
      name: `DEMO ${label(category)}`,
      uniqueId: `demo-${category}`,
      category,
      groupId: null,
      attributes: {
        license_plate: `LD-${String(10 + index).padStart(2, '0')}-${String(50 + index).padStart(2, '0')}-DM`,
        ...('device' in sample ? sample.device : {}),
      },
    });
    positions.push({
      id,
      deviceId: id,
      fixTime,
      serverTime: fixTime,
      latitude,
      longitude,
      speed: kmhToKnots(sample.speedKmh),
      course,
      valid: true,
      event: null,
      attributes: {
        ignition: sample.ignition,
        power: 12.8,
        totalDistance: 1_000_000 + index * 12_345,
        ...('extra' in sample ? sample.extra : {}),
      },
    });
  });
  return { devices, positions };
}
