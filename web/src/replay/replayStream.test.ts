/**
 * The replay stream read from frames written by the server's own encoder (server/src/modules/replay/
 * streamFrames.ts), fed in pieces of every size as a network delivers them.
 */
import { describe, expect, it } from 'vitest';
import {
  jsonFrame,
  magic,
  markFrame,
  PartSealer,
  RoutePart,
} from '../../../server/src/modules/replay/streamFrames';
import { ApiError } from '../api/client';
import { ReplayStreamReader, type StreamHead, type StreamMarks, type StreamRoute } from './replayStream';

const NO_PLACE = -2147483648;
const EVENTS = ['start', 'stop', 'idle', 'fuel', 'speeding', 'pto'];
const T0 = Date.UTC(2025, 2, 10, 8);

/** Positions 0..n-1, a second apart; ids jump by 3; position 2 private and hidden from the user. */
function part(sealer: PartSealer, from: number, n: number): Buffer {
  const p = new RoutePart(n);
  for (let k = 0; k < n; k++) {
    const i = from + k;
    const hidden = i === 2;
    p.id[k] = 1000 + 3 * i;
    p.fixTime[k] = T0 + 1000 * i;
    p.latitude[k] = hidden ? NO_PLACE : Math.round((-8.8 - i / 1000) * 1e6);
    p.longitude[k] = hidden ? NO_PLACE : Math.round((13.2 + i / 1000) * 1e6);
    p.speed[k] = hidden ? NaN : i * 1.5;
    p.course[k] = hidden ? 0 : 90;
    p.privacy[k] = hidden || i === 3 ? 1 : 0;
  }
  return sealer.seal(p);
}

const trip = {
  trip_start_fixtime: new Date(T0).toISOString(),
  trip_end_fixtime: new Date(T0 + 4000).toISOString(),
  trip_start_address: 'Rua A',
  trip_end_address: 'Rua B',
  trip_max_speed: 6,
  trip_duration: 4,
  trip_distance: 40,
  trip_driver_uniqueid: null,
  trip_ptos: 0,
  trip_refills: 0,
  trip_privacy: 1,
  start_index: 0,
  end_index: 4,
};

/** HEAD (counting 3: two more came), two parts, LAST, MARK. */
function stream(): Buffer {
  const sealer = new PartSealer();
  const n = 5;
  const event = Uint8Array.from([1, 0, 5, 2, 0]);
  return Buffer.concat([
    magic(),
    jsonFrame('HEAD', { length: 3, events: EVENTS, device: { id: 7, name: 'Camião 1' } }),
    part(sealer, 0, 3),
    part(sealer, 3, 2),
    jsonFrame('LAST', { length: n }),
    markFrame([trip], {
      speedLimit: Float32Array.from([NaN, 80, NaN, 50, 40]),
      distance: Float32Array.from([0, 10, NaN, NaN, 10]),
      event,
    }),
  ]);
}

interface Read {
  order: string[];
  route?: StreamRoute;
  head?: StreamHead;
  marks?: StreamMarks;
}

function read(bytes: Buffer, piece: number): { reader: ReplayStreamReader; got: Read } {
  const got: Read = { order: [] };
  const reader = new ReplayStreamReader({
    route: (route, head) => {
      got.order.push('route');
      got.route = route;
      got.head = head;
    },
    marks: (marks) => {
      got.order.push('marks');
      got.marks = marks;
    },
  });
  for (let at = 0; at < bytes.length; at += piece)
    reader.feed(new Uint8Array(bytes.subarray(at, at + piece)));
  return { reader, got };
}

describe('replay stream', () => {
  it.each([1, 7, 13, 4096, 1 << 20])(
    'reads the route, then its markers, from pieces of %i bytes',
    (piece) => {
      const { reader, got } = read(stream(), piece);
      reader.end();
      expect(got.order).toEqual(['route', 'marks']);
      const r = got.route!;
      expect(r.length).toBe(5);
      expect([...r.id]).toEqual([1000, 1003, 1006, 1009, 1012]);
      expect([...r.time]).toEqual([0, 1, 2, 3, 4].map((i) => T0 + 1000 * i));
      expect(r.latitude[1]).toBeCloseTo(-8.801, 9);
      expect(r.longitude[4]).toBeCloseTo(13.204, 9);
      expect([...r.speed.subarray(0, 2)]).toEqual([0, 1.5]);
      expect([...r.privacy]).toEqual([0, 0, 1, 1, 0]);
      // private places are blanked for everyone: hidden from the user (2) or sent to an administrator (3)
      for (const i of [2, 3]) {
        expect(r.latitude[i], String(i)).toBeNaN();
        expect(r.longitude[i], String(i)).toBeNaN();
        expect(r.speed[i], String(i)).toBeNaN();
      }
      expect(got.head).toMatchObject({ length: 3, events: EVENTS, device: { id: 7 } });
      const m = got.marks!;
      expect(m.trips).toEqual([trip]);
      expect([...m.speedLimit]).toEqual([NaN, 80, NaN, NaN, 40]);
      expect([...m.distance]).toEqual([0, 10, NaN, NaN, 10]);
      expect([...m.event]).toEqual([1, 0, 5, 2, 0]);
    },
  );

  it('hands the route over before its markers have come', () => {
    const bytes = stream();
    const { got } = read(bytes.subarray(0, bytes.indexOf('MARK', 0, 'latin1')), 64);
    expect(got.order).toEqual(['route']);
    expect(got.route!.length).toBe(5);
  });

  it('rejects an answer that broke off before its markers', () => {
    const bytes = stream();
    const { reader } = read(bytes.subarray(0, bytes.length - 8), 100);
    expect(() => reader.end()).toThrow('broke off');
  });

  it('turns a failure reported mid-answer into the server message', () => {
    const bytes = Buffer.concat([
      magic(),
      jsonFrame('HEAD', { length: 0, events: EVENTS, device: null }),
      jsonFrame('FAIL', { status: 400, message: 'Demasiadas posições no período' }),
    ]);
    const failure = (() => {
      try {
        read(bytes, 5);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, body: 'Demasiadas posições no período' });
  });

  it('refuses what is not a replay stream', () => {
    expect(() => read(Buffer.from('{"positions":[]}'), 100)).toThrow('not a replay stream');
  });
});
