import { describe, expect, it } from 'vitest';
import { NO_PLACE, packRoute, unpackRoute, type RouteColumns } from './packedRoute';

const EVENTS = ['start', 'stop'];

function columns(n: number): RouteColumns {
  const at = (f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
  return {
    length: n,
    id: at((i) => 9_007_199_254_000 + i * 3),
    fixTime: at((i) => 1_740_787_200_000 + i * 1000),
    latitude: at((i) => (i === 1 ? NaN : -8.838333 + i * 1e-6)),
    longitude: at((i) => (i === 1 ? NaN : 13.234444 - i * 2e-6)),
    speed: at((i) => i * 0.25),
    course: at((i) => (i * 45) % 360),
    distance: at((i) => i * 1.5),
    speedLimit: at((i) => (i % 2 ? NaN : 50)),
    event: at((i) => (i === 0 ? 1 : i === 2 ? 2 : 0)),
    privacy: at((i) => (i === 1 ? 1 : 0)),
  };
}

describe('packed route', () => {
  it('reads back every column exactly, the header and the hidden places', () => {
    const c = columns(5);
    const packed = packRoute({ trips: [{ a: 1 }], device: { id: 7 } }, EVENTS, c);
    const copy = packed.slice().buffer; // a buffer of its own, as fetch gives
    const { header, columns: u } = unpackRoute<{ length: number; events: string[]; device: { id: number } }>(
      copy,
    );
    expect(header).toEqual({ trips: [{ a: 1 }], device: { id: 7 }, length: 5, events: EVENTS });
    expect([...u.id]).toEqual(c.id);
    expect([...u.fixTime]).toEqual(c.fixTime);
    expect(u.latitude[1]).toBeNaN();
    expect(u.longitude[1]).toBeNaN();
    expect(u.latitude[3]).toBe(-8.83833);
    expect(u.longitude[4]).toBe(13.234436);
    expect([...u.speed]).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect([...u.course]).toEqual([0, 45, 90, 135, 180]);
    expect([...u.distance]).toEqual([0, 1.5, 3, 4.5, 6]);
    expect(u.speedLimit[0]).toBe(50);
    expect(u.speedLimit[1]).toBeNaN();
    expect([...u.event]).toEqual([1, 0, 2, 0, 0]);
    expect([...u.privacy]).toEqual([0, 1, 0, 0, 0]);
  });

  it('sends ids and times as differences and places as micro-degrees', () => {
    const packed = packRoute({}, EVENTS, columns(3));
    const view = new DataView(packed.buffer);
    const start = Math.ceil((8 + view.getUint32(4, true)) / 8) * 8;
    expect(view.getFloat64(start + 8, true)).toBe(3);
    expect(view.getInt32(start + 2 * 24 + 4, true)).toBe(NO_PLACE);
  });

  it('reads an empty route and refuses what is not one', () => {
    const { header, columns: u } = unpackRoute(packRoute({}, EVENTS, columns(0)).slice().buffer);
    expect(header.length).toBe(0);
    expect(u.id.length).toBe(0);
    expect(() => unpackRoute(new TextEncoder().encode('{"positions":[]}').buffer)).toThrow(
      'not a packed route',
    );
    const whole = packRoute({}, EVENTS, columns(4));
    expect(() => unpackRoute(whole.slice(0, whole.length - 8).buffer)).toThrow('truncated packed route');
  });
});
