import { describe, expect, it } from 'vitest';
import { gps103Codec } from './codec';
import * as v from './vectors.testdata';

const decode = (state: ReturnType<typeof gps103Codec.newState>, text: string) =>
  gps103Codec.decode(v.onWire(text), state, undefined);

describe('gps103Codec', () => {
  it('answers a login LOAD and a heartbeat ON, naming the IMEI', () => {
    const state = gps103Codec.newState();
    expect(decode(state, v.LOGIN)).toEqual({
      uniqueId: '359586015829802',
      positions: [],
      ack: Buffer.from('LOAD'),
    });
    expect(decode(state, v.HEARTBEAT)).toEqual({
      uniqueId: '359586015829802',
      positions: [],
      ack: Buffer.from('ON'),
    });
  });

  it('gives a report position without an answer', () => {
    const message = decode(gps103Codec.newState(), v.TRACKER);
    expect(message.uniqueId).toBe('359587010124900');
    expect(message.ack).toBeUndefined();
    expect(message.positions).toHaveLength(1);
    expect(message.positions[0]).toMatchObject({ valid: true, speed: 0.11, course: 321.53 });
    expect(message.positions[0].deviceTime).toEqual(message.positions[0].fixTime);
  });

  it('acknowledges an SOS so the device stops repeating it, and a glued heartbeat ON', () => {
    expect(decode(gps103Codec.newState(), v.SOS).ack?.toString()).toBe('**,imei:359586015829802,E;');
    expect(decode(gps103Codec.newState(), v.HEARTBEAT_PREFIXED).ack?.toString()).toBe('ON');
  });

  it('places a report without GPS at the last fix, in the zone learned from it', () => {
    const state = gps103Codec.newState();
    expect(decode(state, v.VIBRATION_NO_GPS).positions).toEqual([]);
    const fix = 'imei:865456055519122,tracker,2208011915,,F,111500.000,A,0848.0000,S,01314.0000,E,5.00,90,';
    expect(decode(state, fix).positions[0]).toMatchObject({ latitude: -8.8, longitude: 13.233333333333333 });
    const [position] = decode(state, v.VIBRATION_NO_GPS).positions;
    expect(position).toMatchObject({
      valid: false,
      latitude: -8.8,
      longitude: 13.233333333333333,
      speed: 0,
      course: 90,
      attributes: { alarm: 'vibration' },
    });
    // local 2022-08-01 19:20 with the clock 8 h ahead of UTC (19:15 local for 11:15 UTC)
    expect(position.fixTime.toISOString()).toBe('2022-08-01T11:20:00.000Z');
  });

  it('stores nothing for OBD frames', () => {
    expect(decode(gps103Codec.newState(), v.OBD)).toEqual({ uniqueId: '868683027758113', positions: [] });
  });

  it('encodes engine stop and resume, and other command codes, for the IMEI', () => {
    const state = gps103Codec.newState();
    decode(state, v.LOGIN);
    const encode = (text: string) => gps103Codec.encodeCommand!(text, state).toString();
    expect(encode('engineStop')).toBe('**,imei:359586015829802,J;');
    expect(encode('setdigout 0')).toBe('**,imei:359586015829802,K;');
    expect(encode('C,30s')).toBe('**,imei:359586015829802,C,30s;');
    expect(encode('**,imei:359586015829802,B')).toBe('**,imei:359586015829802,B;');
    expect(() => gps103Codec.encodeCommand!('B', gps103Codec.newState())).toThrow();
  });
});
