import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError } from '../framed/codec';
import { batteryLevel, decodeBinary } from './binaryDecoder';
import { BINARY_32, BINARY_32_INVALID, BINARY_42, BINARY_45, BINARY_46, BINARY_48 } from './vectors.testdata';

const decode = (hex: string) => decodeBinary(Buffer.from(hex, 'hex'));

describe('H02 binary frames', () => {
  it('decodes a 32-byte frame: BCD id, UTC time, ddmm.mmmm coordinates, battery byte', () => {
    const { uniqueId, fix } = decode(BINARY_32);
    expect(uniqueId).toBe('4106011660');
    expect(fix?.fixTime.toISOString()).toBe('2016-11-13T12:45:43.000Z');
    expect(fix?.deviceTime.toISOString()).toBe('2016-11-13T12:45:43.000Z');
    expect(fix?.latitude).toBeCloseTo(50.58855, 6); // 50° 35.3130'
    expect(fix?.longitude).toBeCloseTo(4.53035, 6); // 4° 31.8210'
    expect(fix?.valid).toBe(true);
    expect(fix?.speed).toBe(0);
    expect(fix?.course).toBe(0);
    expect(fix?.attributes).toEqual({ status: 0xfffffbff, ignition: false, batteryLevel: 100 });
  });

  it('decodes a 45-byte frame with a western longitude and the SOS bit (bit 1) cleared', () => {
    const { uniqueId, fix } = decode(BINARY_45);
    expect(uniqueId).toBe('4106000826');
    expect(fix?.fixTime.toISOString()).toBe('2015-08-31T21:53:21.000Z');
    expect(fix?.latitude).toBeCloseTo(4.698983, 6); // 4° 41.9390' N
    expect(fix?.longitude).toBeCloseTo(-74.069717, 6); // 74° 04.1830' W
    expect(fix?.valid).toBe(true);
    expect(fix?.attributes).toMatchObject({ status: 0xfffffbfd, alarm: 'sos', ignition: false });
  });

  it('decodes a 42-byte frame with an 8-byte id (a 15-digit IMEI), speed and course', () => {
    const { uniqueId, fix } = decode(BINARY_42);
    expect(uniqueId).toBe('352483084193293');
    expect(fix?.fixTime.toISOString()).toBe('2017-08-18T10:47:59.000Z');
    expect(fix?.latitude).toBeCloseTo(26.455598, 6); // 26° 27.3359'
    expect(fix?.longitude).toBeCloseTo(74.687157, 6); // 74° 41.2294'
    expect(fix?.speed).toBe(24);
    expect(fix?.course).toBe(138);
    expect(fix?.attributes).toEqual({ status: 0xfeffffff, ignition: true });
  });

  it('reads the valid flag from the flags nibble (C: north and east, no fix)', () => {
    const { uniqueId, fix } = decode(BINARY_32_INVALID);
    expect(uniqueId).toBe('1030731001');
    expect(fix?.valid).toBe(false);
    expect(fix?.fixTime.toISOString()).toBe('2002-09-22T05:03:16.000Z');
    expect(fix?.latitude).toBeCloseTo(22.214575, 6);
    expect(fix?.longitude).toBeCloseTo(113.777623, 6);
    expect(fix?.speed).toBe(14);
    expect(fix?.course).toBe(28);
  });

  it('decodes the 46- and 48-byte variants from their common head', () => {
    const long = decode(BINARY_46);
    expect(long.uniqueId).toBe('2130510938');
    expect(long.fix?.fixTime.toISOString()).toBe('2017-03-10T01:27:17.000Z');
    expect(long.fix?.latitude).toBeCloseTo(5.334108, 6);
    expect(long.fix?.longitude).toBeCloseTo(100.477162, 6);
    expect(long.fix?.speed).toBe(3);
    expect(long.fix?.course).toBe(85);
    expect(long.fix?.attributes.ignition).toBe(true);
    const longer = decode(BINARY_48);
    expect(longer.uniqueId).toBe('9713050072');
    expect(longer.fix?.fixTime.toISOString()).toBe('2015-10-16T05:20:19.000Z');
    expect(longer.fix?.latitude).toBeCloseTo(33.558347, 6);
    expect(longer.fix?.longitude).toBeCloseTo(-7.534495, 6);
  });

  it('rejects a frame whose BCD fields are not digits (a stream cut in the wrong place)', () => {
    const bad = Buffer.from(BINARY_32, 'hex');
    bad[7] = 0xab; // the minutes of the time
    expect(() => decodeBinary(bad)).toThrow(ProtocolDecodeError);
    expect(() => decodeBinary(Buffer.from(BINARY_32.slice(0, 40), 'hex'))).toThrow(ProtocolDecodeError);
  });

  it('keeps the id but no fix when the date is zero (no fix yet)', () => {
    const zero = Buffer.from(BINARY_32, 'hex');
    zero.fill(0, 6, 12);
    expect(decodeBinary(zero)).toEqual({ uniqueId: '4106011660' });
  });

  it('reads the battery byte on its several scales', () => {
    expect([0, 1, 3, 4, 6, 55, 100, 0xf3, 0xff].map(batteryLevel)).toEqual([
      undefined,
      0,
      20,
      60,
      100,
      55,
      100,
      3,
      undefined,
    ]);
  });
});
