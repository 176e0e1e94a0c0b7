import { describe, expect, it } from 'vitest';
import type { DeviceFix } from '../framed/simulatedDevice';
import { gps103Codec } from './codec';
import { gps103Device } from './simulate';

const IMEI = '359586015829802';
const FIX: DeviceFix = {
  time: new Date('2026-01-31T23:30:15Z'),
  latitude: -8.838333,
  longitude: 13.234444,
  altitude: 74,
  speedKmh: 60,
  course: 275,
  satellites: 9,
  ignition: true,
};

const decodeAll = (bytes: Buffer[]) => {
  const state = gps103Codec.newState();
  const framer = gps103Codec.newFramer();
  return framer
    .push(Buffer.concat(bytes))
    .map((event) => (event.type === 'frame' ? gps103Codec.decode(event.data, state, undefined) : event));
};

describe('gps103Device', () => {
  it('a position frame decodes back to the fix (the local clock crossing midnight)', () => {
    const frame = gps103Device.position(IMEI, FIX, 1);
    expect(frame.answered).toBe(false);
    const [message] = decodeAll([frame.bytes]);
    expect(message).toMatchObject({ uniqueId: IMEI, ack: undefined });
    const [position] = (message as { positions: import('../framed/codec').PositionFix[] }).positions;
    expect(position.fixTime).toEqual(FIX.time);
    expect(position.latitude).toBeCloseTo(FIX.latitude, 5);
    expect(position.longitude).toBeCloseTo(FIX.longitude, 5);
    expect(position.speed * 1.852).toBeCloseTo(60, 1);
    expect(position.course).toBe(275);
    expect(position.altitude).toBe(74);
    expect(position.valid).toBe(true);
    expect(position.attributes).toEqual({ ignition: true });
  });

  it('an SOS frame is answered and carries the alarm', () => {
    const frame = gps103Device.position(IMEI, { ...FIX, sos: true, ignition: false }, 2);
    expect(frame.answered).toBe(true);
    expect(decodeAll([frame.bytes])).toMatchObject([
      {
        ack: Buffer.from(`**,imei:${IMEI},E;`),
        positions: [{ attributes: { alarm: 'sos', ignition: false } }],
      },
    ]);
  });

  it('login and sync frames are answered LOAD and ON', () => {
    const [login] = gps103Device.login(IMEI, 0);
    const sync = gps103Device.sync(IMEI, 3);
    expect([login.answered, sync.answered]).toEqual([true, true]);
    expect(decodeAll([login.bytes, sync.bytes])).toMatchObject([
      { ack: Buffer.from('LOAD') },
      { ack: Buffer.from('ON') },
    ]);
  });

  it('cuts the answers', () => {
    const length = (text: string) => gps103Device.answerLength(Buffer.from(text));
    expect(length('')).toBe(0);
    expect(length('LO')).toBe(0);
    expect(length('LOADON')).toBe(4);
    expect(length('ON')).toBe(2);
    expect(length('**,imei:1,E')).toBe(0);
    expect(length('**,imei:1,E;ON')).toBe(12);
    expect(() => length('XYZ')).toThrow();
  });
});
