import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError } from '../framed/codec';
import { createH02Codec, h02Codec } from './codec';
import * as v from './vectors.testdata';

const NOW = new Date('2026-03-01T12:34:56Z');
const codec = createH02Codec({ now: () => NOW });
const txt = (text: string) => Buffer.from(text, 'latin1');

describe('H02 codec', () => {
  it('answers V1 with V4,V1 and the server time, naming the device', () => {
    const state = codec.newState();
    const message = codec.decode(txt(v.TEXT_V1_WEST), state, undefined);
    expect(message.uniqueId).toBe('4210051415');
    expect(message.positions).toHaveLength(1);
    expect(message.ack?.toString()).toBe('*HQ,4210051415,V4,V1,20260301123456#');
    expect(state.deviceId).toBe('4210051415');
  });

  it('does not answer other position types, binary frames, or a V1 without a fix', () => {
    const state = codec.newState();
    for (const frame of [txt(v.TEXT_V8_NO_DEGREES), Buffer.from(v.BINARY_45, 'hex')]) {
      const message = codec.decode(frame, state, undefined);
      expect(message.positions).toHaveLength(1);
      expect(message.ack).toBeUndefined();
    }
    expect(codec.decode(txt(v.TEXT_V1_EMPTY), state, undefined)).toEqual({
      uniqueId: '353505510948929',
      positions: [],
    });
  });

  it('echoes a heartbeat and answers NBR; NBR is placed at the last fix of the connection', () => {
    const state = codec.newState();
    expect(codec.decode(txt(v.TEXT_HTBT), state, undefined).ack?.toString()).toBe(
      '*HQ,135790246811220,HTBT#',
    );
    const alone = codec.decode(txt(v.TEXT_NBR), state, undefined);
    expect(alone.ack?.toString()).toBe('*HQ,4109179024,V4,NBR,20260301123456#');
    expect(alone.positions).toEqual([]);
    codec.decode(txt(v.TEXT_V1_WEST), state, undefined);
    const [placed] = codec.decode(txt(v.TEXT_NBR), state, undefined).positions;
    expect(placed).toMatchObject({ valid: false, speed: 0, attributes: { status: 0xfffffbff } });
    expect(placed.latitude).toBeCloseTo(9.939782, 6);
    expect(placed.fixTime.toISOString()).toBe('2017-02-10T10:37:32.000Z');
  });

  it('passes a V4 and an SMS as the command answer', () => {
    const state = codec.newState();
    const v4 = codec.decode(txt(v.TEXT_V4_S20_DONE), state, undefined);
    expect(v4.commandAnswer).toBe('S20,DONE');
    expect(v4.positions[0].attributes.result).toBe('S20,DONE');
    expect(v4.ack).toBeUndefined();
    expect(codec.decode(txt(v.TEXT_SMS), state, undefined).commandAnswer).toMatch(/^ST906.*GSM:26$/s);
  });

  it('answers a V1 with an empty id under the connection id; ignores X frames', () => {
    const state = codec.newState();
    const frame = '*HQ,,V1,173212,A,2225.78879,S,02829.19021,E,0.00,0,290418,FFFFFBFF#';
    const message = codec.decode(txt(frame), state, '4210051415');
    expect(message.uniqueId).toBeUndefined();
    expect(message.ack?.toString()).toBe('*HQ,4210051415,V4,V1,20260301123456#');
    expect(codec.decode(Buffer.from(v.X_FRAME, 'hex'), state, '4210051415')).toEqual({ positions: [] });
  });

  it('throws ProtocolDecodeError on frames that are not H02', () => {
    expect(() => codec.decode(txt('*nope#'), codec.newState(), undefined)).toThrow(ProtocolDecodeError);
  });

  it('encodes commands with the device id and the time', () => {
    const state = codec.newState();
    expect(() => codec.encodeCommand!('engineStop', state)).toThrow(/identified/);
    codec.decode(txt(v.TEXT_V1_WEST), state, undefined);
    const encode = (text: string) => codec.encodeCommand!(text, state).toString();
    expect(encode('engineStop')).toBe('*HQ,4210051415,S20,123456,1,1#');
    expect(encode('setdigout 0')).toBe('*HQ,4210051415,S20,123456,1,0#');
    expect(encode('S71,22,30')).toBe('*HQ,4210051415,S71,123456,22,30#');
    expect(encode('*HQ,4210051415,R1,123456#')).toBe('*HQ,4210051415,R1,123456#');
    expect(() => encode('no such thing')).toThrow(/not an H02 command/);
  });

  it('is exported ready to use under the name h02', () => {
    expect(h02Codec.name).toBe('h02');
  });
});
