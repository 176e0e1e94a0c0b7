import { describe, expect, it } from 'vitest';
import { boundsOf, hasPlace, toReplayData } from './replayData';
import type { ColumnAnswer } from './types';

const answer: ColumnAnswer = {
  positions: {
    id: [1, 2, 3, 4],
    fixTime: [0, 1000, 2000, 3000],
    latitude: [-8.8, -8.81, -8.82, null],
    longitude: [13.2, 13.21, 13.22, null],
    speed: [0, 30, 40, 0],
    course: [0, 90, 90, 0],
    distance: [0, 10, 10, 0],
    event: ['start', 'speeding', 'stop', 'idle'],
    speedLimit: [null, 50, 50, null],
    privacy: [0, 0, 1, 1],
    series: { rpm: [800, 1500, 1600, 900] },
  },
  trips: [
    {
      trip_start_fixtime: '2024-01-01T08:00:00Z',
      trip_end_fixtime: '2024-01-01T08:10:00Z',
      trip_start_address: 'Rua A',
      trip_end_address: 'Rua B',
      trip_max_speed: 40,
      trip_duration: 600,
      trip_distance: 2000,
      trip_driver_uniqueid: null,
      trip_ptos: 0,
      trip_refills: 0,
      trip_privacy: 1,
      start_index: 0,
      end_index: 3,
    },
  ],
};

describe('replay data', () => {
  const data = toReplayData(answer);

  it('blanks private positions on the map and in every series, even when coordinates came', () => {
    expect(hasPlace(data, 1)).toBe(true);
    expect(hasPlace(data, 2)).toBe(false);
    expect(hasPlace(data, 3)).toBe(false);
    expect(Number.isNaN(data.series.rpm[2])).toBe(true);
    expect(data.series.rpm[1]).toBe(1500);
    expect(Number.isNaN(data.speed[2])).toBe(true);
  });

  it('marks the route events of shown positions only', () => {
    expect(data.events).toEqual([
      { index: 0, kind: 'start' },
      { index: 1, kind: 'speeding' },
    ]);
  });

  it('removes the addresses of private trips from the list', () => {
    expect(data.trips[0].trip_start_address).toBeNull();
    expect(data.trips[0].trip_end_address).toBeNull();
  });

  it('boxes the shown positions of a stretch', () => {
    expect(boundsOf(data, 0, 3)).toEqual([
      [13.2, -8.81],
      [13.21, -8.8],
    ]);
    expect(boundsOf(data, 2, 3)).toBeNull();
  });
});
