import { describe, expect, it } from 'vitest';
import { toReplayData } from './replayData';
import { markerFeatures } from './vehicleMarker';

const n = 10;
const data = toReplayData({
  positions: {
    id: Array.from({ length: n }, (_, i) => i),
    fixTime: Array.from({ length: n }, (_, i) => i * 1000),
    latitude: Array.from({ length: n }, (_, i) => -8.8 + i / 1000),
    longitude: Array.from({ length: n }, () => 13.2),
    speed: Array.from({ length: n }, (_, i) => (i === 9 ? 0 : 20)),
    course: Array.from({ length: n }, () => 45),
    distance: Array.from({ length: n }, () => 1),
    event: Array.from({ length: n }, () => null),
    speedLimit: Array.from({ length: n }, () => null),
    privacy: Array.from({ length: n }, (_, i) => (i === 2 ? 1 : 0)),
    series: {},
  },
  trips: [],
});

describe('replay vehicle marker', () => {
  it('puts the icon at the end of the range with a trail of the last 5 positions', () => {
    const collection = markerFeatures(data, 8, 'car', true);
    const [trail, vehicle] = collection.features as any[];
    expect(trail.geometry.coordinates).toHaveLength(5);
    expect(trail.geometry.coordinates[4]).toEqual([13.2, -8.8 + 8 / 1000]);
    expect(vehicle.properties).toEqual({ kind: 'vehicle', icon: 'vehicle:car:green', course: 45 });
  });

  it('stops the trail at a private position and hides the icon on one', () => {
    const [trail] = markerFeatures(data, 4, 'car', false).features as any[];
    expect(trail.geometry.coordinates).toHaveLength(2);
    expect(markerFeatures(data, 2, 'car', true).features).toEqual([]);
    const stopped = markerFeatures(data, 9, 'car', false).features.at(-1) as any;
    expect(stopped.properties).toMatchObject({ icon: 'vehicle:car:red', course: 0 });
  });
});
