import { describe, expect, it } from 'vitest';
import { boundsOf, fromStreamRoute, hasPlace, toReplayData, withMarks } from './replayData';
import type { StreamRoute } from './replayStream';
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

describe('a streamed route and its markers', () => {
  const route: StreamRoute = {
    length: 4,
    id: Float64Array.of(1, 2, 3, 4),
    time: Float64Array.of(0, 1000, 2000, 3000),
    latitude: Float64Array.of(-8.8, -8.81, NaN, NaN),
    longitude: Float64Array.of(13.2, 13.21, NaN, NaN),
    speed: Float32Array.of(0, 30, NaN, NaN),
    course: Float32Array.of(0, 90, NaN, NaN),
    privacy: Uint8Array.of(0, 0, 1, 1),
  };
  const head = { length: 4, events: ['start', 'stop', 'idle', 'fuel', 'speeding', 'pto'], device: null };
  const shown = fromStreamRoute(route, head);

  it('shows the route before its markers: no limits, events or trips yet', () => {
    expect(shown.marksLoaded).toBe(false);
    expect(shown.seriesLoaded).toBe(false);
    expect(shown.time).toBe(route.time);
    expect([...shown.speedLimit].every(Number.isNaN)).toBe(true);
    expect(shown.events).toEqual([]);
    expect(shown.trips).toEqual([]);
    expect(boundsOf(shown, 0, 3)).toEqual([
      [13.2, -8.81],
      [13.21, -8.8],
    ]);
  });

  it('adds the markers over the same route arrays, events of shown positions only', () => {
    const marked = withMarks(
      shown,
      {
        trips: answer.trips,
        speedLimit: Float32Array.of(NaN, 50, NaN, NaN),
        distance: Float32Array.of(0, 10, NaN, NaN),
        // start, speeding, stop (private: not shown), none
        event: Uint8Array.of(1, 5, 2, 0),
      },
      head.events,
    );
    expect(marked.marksLoaded).toBe(true);
    expect(marked.time).toBe(shown.time);
    expect(marked.latitude).toBe(shown.latitude);
    expect(marked.speedLimit[1]).toBe(50);
    expect(marked.events).toEqual([
      { index: 0, kind: 'start' },
      { index: 1, kind: 'speeding' },
    ]);
    // the private trip's addresses are removed from the list
    expect(marked.trips[0]).toMatchObject({ trip_start_address: null, trip_end_address: null });
    expect(shown.events).toEqual([]);
  });
});
