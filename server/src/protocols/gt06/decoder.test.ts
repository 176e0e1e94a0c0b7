import { describe, expect, it } from 'vitest';
import type { PositionFix } from '../framed/codec';
import { decodePacket, type Gt06Message } from './decoder';
import { parsePacket } from './packet';
import * as v from './vectors.testdata';

const decode = (vector: string): Gt06Message => decodePacket(parsePacket(v.hex(vector)));

function fixOf(vector: string): PositionFix {
  const message = decode(vector);
  if (message.kind !== 'position' || !message.fix) throw new Error(`no fix in ${vector}`);
  return message.fix;
}

/** Expected values worked out from the frames' bytes: coordinates are the 4-byte value / 1,800,000. */
const deg = (value: number) => value / 1_800_000;
const knots = (kmh: number) => kmh / 1.852;

describe('GT06 position frames', () => {
  it('0x12: date, satellites, coordinates, speed, course and validity', () => {
    const fix = fixOf(v.GPS_LBS_1);
    // 0f 0a 14 0e 15 0b; c5 -> 5 satellites; 05e51e78, 0293a9e8; speed 00; flags 5400
    expect(fix.fixTime.toISOString()).toBe('2015-10-20T14:21:11.000Z');
    expect(fix.deviceTime).toEqual(fix.fixTime);
    expect(fix.latitude).toBeCloseTo(deg(0x05e51e78), 9);
    expect(fix.latitude).toBeCloseTo(54.94535, 5);
    expect(fix.longitude).toBeCloseTo(24.01762, 5);
    expect(fix.speed).toBe(0);
    expect(fix.course).toBe(0);
    expect(fix.valid).toBe(true);
    // flags bit 14 set (ignition reported), bit 15 clear (off)
    expect(fix.attributes).toEqual({ sat: 5, ignition: false });
  });

  it('0x12 moving: 85 km/h in knots, course 200, ignition on', () => {
    const fix = fixOf(v.GPS_LBS_1_MOVING);
    // 11 08 19 11 02 16; d4 -> 4; 02f25034, 08289240; 55 = 85 km/h; flags d4c8
    expect(fix.fixTime.toISOString()).toBe('2017-08-25T17:02:22.000Z');
    expect(fix.latitude).toBeCloseTo(deg(49434676), 9);
    expect(fix.longitude).toBeCloseTo(deg(136876608), 9);
    expect(fix.speed).toBeCloseTo(knots(85), 9);
    expect(fix.speed).toBeCloseTo(45.896, 3);
    expect(fix.course).toBe(200);
    expect(fix.valid).toBe(true);
    expect(fix.attributes).toEqual({ sat: 4, ignition: true });
  });

  it('0x12 with bytes after the cell block still decodes', () => {
    const fix = fixOf(v.GPS_LBS_1_PADDED);
    expect(fix.fixTime.toISOString()).toBe('2012-01-12T15:21:31.000Z');
    expect(fix.latitude).toBeCloseTo(23.111753, 6);
    expect(fix.longitude).toBeCloseTo(114.409233, 6);
    expect(fix.attributes).toEqual({ sat: 15 });
  });

  it('0x22: south and west from the flags, ACC, upload mode and re-upload from the tail', () => {
    const fix = fixOf(v.GPS_LBS_2);
    // 0e 09 14 16 0f 07; c9 -> 9; 021a3628, 05090a78; flags d8b8: west, south, located, course 0b8
    expect(fix.fixTime.toISOString()).toBe('2014-09-20T22:15:07.000Z');
    expect(fix.latitude).toBeCloseTo(-deg(35272232), 9);
    expect(fix.latitude).toBeCloseTo(-19.595684, 6);
    expect(fix.longitude).toBeCloseTo(-46.932547, 6);
    expect(fix.course).toBe(184);
    expect(fix.valid).toBe(true);
    expect(fix.attributes).toEqual({ sat: 9, ignition: true, event: 5, archive: true });
    expect(fix.event).toBe(5);
  });

  it('0x22 without a located fix is kept, not valid', () => {
    const fix = fixOf(v.GPS_LBS_2_UNLOCATED);
    // flags 0400: north, not located, no ignition bits; tail 01 03 01
    expect(fix.fixTime.toISOString()).toBe('2017-06-22T10:16:22.000Z');
    expect(fix.latitude).toBeCloseTo(23.010642, 6);
    expect(fix.longitude).toBeCloseTo(72.507196, 6);
    expect(fix.valid).toBe(false);
    expect(fix.attributes).toEqual({ sat: 6, ignition: true, event: 3, archive: true });
  });

  it('0x10, 0x11 and 0xA0 GPS frames', () => {
    const gps = fixOf(v.GPS_ONLY);
    // 0e 01 09 03 23 0e; c8; 03ae32a6, 0653cded; flags 1800: west, south, located
    expect(gps.fixTime.toISOString()).toBe('2014-01-09T03:35:14.000Z');
    expect(gps.latitude).toBeCloseTo(-deg(61747878), 9);
    expect(gps.longitude).toBeCloseTo(-deg(106155501), 9);
    expect(gps.valid).toBe(true);
    expect(gps.attributes).toEqual({ sat: 8 });

    const lbs6 = fixOf(v.GPS_LBS_6);
    // 15 0b 0b 02 2c 30; flags 3c00: north, west, located
    expect(lbs6.fixTime.toISOString()).toBe('2021-11-11T02:44:48.000Z');
    expect(lbs6.latitude).toBeCloseTo(43.970484, 6);
    expect(lbs6.longitude).toBeCloseTo(-79.263956, 6);
    expect(lbs6.attributes).toEqual({ sat: 8 });

    const lbs7 = fixOf(v.GPS_LBS_7);
    // 17 07 15 0f 2d 0e; cd -> 13; flags 087c: west, south, not located, course 07c; tail 00 0e 00
    expect(lbs7.fixTime.toISOString()).toBe('2023-07-21T15:45:14.000Z');
    expect(lbs7.latitude).toBeCloseTo(-12.936676, 6);
    expect(lbs7.longitude).toBeCloseTo(-38.396418, 6);
    expect(lbs7.course).toBe(124);
    expect(lbs7.valid).toBe(false);
    expect(lbs7.attributes).toEqual({ sat: 13, ignition: false, event: 14 });
  });

  it('a GPS frame without its GPS block gives no fix', () => {
    expect(decode(v.GPS_EMPTY)).toEqual({ kind: 'position' });
  });
});

describe('GT06 alarm frames', () => {
  it('0x16 overspeed: position, status block and alarm', () => {
    const fix = fixOf(v.ALARM_OVERSPEED);
    // 58 = 88 km/h; flags d4c7; status 46 06 04 06 00
    expect(fix.fixTime.toISOString()).toBe('2017-08-25T17:02:08.000Z');
    expect(fix.latitude).toBeCloseTo(deg(49439964), 9);
    expect(fix.longitude).toBeCloseTo(deg(136878656), 9);
    expect(fix.speed).toBeCloseTo(knots(88), 9);
    expect(fix.course).toBe(199);
    expect(fix.valid).toBe(true);
    expect(fix.attributes).toEqual({
      sat: 4,
      status: 0x46,
      ignition: true,
      charge: true,
      blocked: false,
      batteryLevel: 100,
      rssi: 4,
      alarm: 'overspeed',
      event: 6,
    });
  });

  it('0x16 SOS with a 4-byte cell id: the status block is read before the serial', () => {
    const fix = fixOf(v.ALARM_SOS);
    // 17 09 13 0f 3a 2d; cc -> 12; flags 5c21: north, west, located, course 021; status 41 3e 42 01 02
    expect(fix.fixTime.toISOString()).toBe('2023-09-19T15:58:45.000Z');
    expect(fix.latitude).toBeCloseTo(25.827437, 6);
    expect(fix.longitude).toBeCloseTo(-80.376458, 6);
    expect(fix.course).toBe(33);
    expect(fix.attributes).toEqual({
      sat: 12,
      status: 0x41,
      ignition: false,
      charge: false,
      blocked: false,
      batteryLevel: 62,
      rssi: 66,
      alarm: 'sos',
      event: 1,
    });
  });

  it('0x26 tampering', () => {
    const fix = fixOf(v.ALARM_TAMPERING);
    // 16 09 13 06 39 18; c0; flags 0400; status 06 00 03 0c 02
    expect(fix.fixTime.toISOString()).toBe('2022-09-19T06:57:24.000Z');
    expect(fix.latitude).toBeCloseTo(23.012646, 6);
    expect(fix.longitude).toBeCloseTo(114.340559, 6);
    expect(fix.valid).toBe(false);
    expect(fix.attributes).toMatchObject({
      ignition: true,
      charge: true,
      batteryLevel: 0,
      rssi: 3,
      alarm: 'tampering',
      event: 0x0c,
    });
  });
});

describe('GT06 login, heartbeat and answers', () => {
  it('reads the IMEI of a login', () => {
    expect(decode(v.LOGIN)).toEqual({ kind: 'login', imei: '864717003283581' });
    expect(decode(v.LOGIN_DOC)).toEqual({ kind: 'login', imei: '123456789012345' });
    expect(decode(v.LOGIN_WITH_ZONE)).toEqual({ kind: 'login', imei: '863586038760942' });
  });

  it('reads the status of a heartbeat', () => {
    expect(decode(v.HEARTBEAT)).toEqual({
      kind: 'heartbeat',
      attributes: { status: 0x44, ignition: false, charge: true, blocked: false, batteryLevel: 100, rssi: 4 },
    });
    expect(decode(v.HEARTBEAT_BLOCKED)).toMatchObject({ attributes: { blocked: true, charge: true } });
  });

  it('reads command answers', () => {
    expect(decode(v.ANSWER_CUT)).toEqual({ kind: 'answer', text: 'Cut off the fuel supply: Success!' });
    expect(decode(v.ANSWER_RESTORE)).toEqual({ kind: 'answer', text: 'Restore fuel supply: Success!' });
    expect(decode(v.ANSWER_UNSIZED)).toEqual({ kind: 'answer', text: 'DYD=Success!' });
    expect(decode(v.ANSWER_EXTENDED)).toEqual({
      kind: 'answer',
      text: 'Current position!Lat:N54.739332,Lon:E25.273270,Course:126.53,Speed:0.0000,DateTime:2017-05-26  10:27:47',
    });
  });

  it('leaves other frames undecoded', () => {
    expect(decode(v.INFO_EXTENDED)).toEqual({ kind: 'other' });
  });
});
