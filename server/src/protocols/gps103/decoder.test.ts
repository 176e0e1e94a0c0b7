import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError } from '../framed/codec';
import { decodeFrame } from './decoder';
import type { Gps103Report } from './report';
import * as v from './vectors.testdata';

const NOW = new Date('2026-03-01T12:00:00Z');

function report(text: string): Gps103Report {
  const frame = decodeFrame(v.onWire(text), NOW);
  if (frame.kind !== 'report') throw new Error(`not a report: ${frame.kind}`);
  return frame.report;
}

/** Asserts a fix: coordinates to 1e-6 degree, speed in knots, course, fix time (UTC). */
function expectFix(
  text: string,
  want: { lat: number; lon: number; speed: number; course: number; time: string; altitude?: number },
) {
  const fix = report(text).fix!;
  expect(fix.latitude).toBeCloseTo(want.lat, 6);
  expect(fix.longitude).toBeCloseTo(want.lon, 6);
  expect(fix.speed).toBeCloseTo(want.speed, 6);
  expect(fix.course).toBeCloseTo(want.course, 6);
  expect(fix.fixTime.toISOString()).toBe(want.time);
  expect(fix.altitude).toBeCloseTo(want.altitude ?? 0, 6);
  expect(fix.valid).toBe(true);
}

describe('GPS103 frame kinds', () => {
  it('reads a login and a heartbeat', () => {
    expect(decodeFrame(v.onWire(v.LOGIN), NOW)).toEqual({ kind: 'login', imei: '359586015829802' });
    expect(decodeFrame(v.onWire(v.HEARTBEAT), NOW)).toEqual({ kind: 'heartbeat', imei: '359586015829802' });
  });

  it('reads a heartbeat glued to a report', () => {
    const frame = decodeFrame(v.onWire(v.HEARTBEAT_PREFIXED), NOW);
    expect(frame).toMatchObject({ kind: 'report', imei: '359769031878322', heartbeat: true });
  });

  it('understands OBD frames without storing them', () => {
    expect(decodeFrame(v.onWire(v.OBD), NOW)).toEqual({
      kind: 'ignored',
      imei: '868683027758113',
      heartbeat: false,
      layout: 'obd',
    });
  });

  it('tolerates a line break after the terminator and a frame ended by a line break', () => {
    expect(decodeFrame(Buffer.from(`\r\n${v.HEARTBEAT}\r\n`), NOW)).toMatchObject({ kind: 'heartbeat' });
  });

  it.each([
    'hello;',
    'GET / HTTP/1.1\r\n',
    '12345x;',
    'imei:abc,tracker,0809231929,,F,112909.397,A,2234.4669,N,11354.3287,E,0.11,;',
    'imei:359587010124900,tracker,0809231929,,X,112909.397,A,2234.4669,N,11354.3287,E,0.11,;',
    'imei:359587010124900,tracker,0809231929,,F,112909.397,Q,2234.4669,N,11354.3287,E,0.11,;',
    'imei:359587010124900,tracker,0809231929,,F,112909.397,A,north,N,11354.3287,E,0.11,;',
    'imei:359587010124900,tracker,0899231929,,F,112909.397,A,2234.4669,N,11354.3287,E,0.11,;',
    'imei:359587010124900,tracker,0809231929;',
  ])('rejects %j', (text) => {
    expect(() => decodeFrame(Buffer.from(text, 'latin1'), NOW)).toThrow(ProtocolDecodeError);
  });
});

describe('GPS103 fixes (expected values worked out by hand)', () => {
  it('the regular report: ddmm.mmmm, knots, local UTC+8 clock', () => {
    expectFix(v.TRACKER, {
      lat: 22 + 34.4669 / 60, // 22.574448
      lon: 113 + 54.3287 / 60, // 113.905478
      speed: 0.11,
      course: 321.53,
      time: '2008-09-23T11:29:09.000Z', // local 19:29, UTC 11:29:09 (fraction dropped)
    });
  });

  it('same-day local clock', () => {
    expectFix(v.SAME_DAY, {
      lat: 54.72305667,
      lon: 25.21511833,
      speed: 0,
      course: 0,
      time: '2015-10-30T00:01:01.000Z',
    });
  });

  it('local clock past midnight: the fix is on the previous UTC day', () => {
    const r = report(v.DAY_BEFORE);
    expectFix(v.DAY_BEFORE, {
      lat: 24.49192667,
      lon: 44.40971333,
      speed: 0.01,
      course: 27.91,
      time: '2015-10-26T23:59:57.000Z', // local 10-27 02:59 is UTC+3
    });
    expect(r.offsetMinutes).toBe(180);
    expect(r.attributes).toEqual({ ignition: false, door: false });
  });

  it('local minutes that lag the UTC ones', () => {
    expectFix(v.MINUTE_SKEW, {
      lat: 60.33829833,
      lon: 25.10323333,
      speed: 0.49,
      course: 113.3,
      time: '2015-10-27T01:15:31.000Z',
    });
  });

  it('south and west are negative; a clock behind UTC', () => {
    expectFix(v.SOUTH_WEST, {
      lat: -8.09435833,
      lon: -78.999605,
      speed: 0,
      course: 0,
      time: '2013-02-11T14:48:07.000Z', // local 09:48 is UTC-5
    });
    expect(report(v.SOUTH_WEST).offsetMinutes).toBe(-300);
  });

  it('the yy/mm/dd hh:mm local date', () => {
    expectFix(v.SLASHED_DATE, {
      lat: -34.84905,
      lon: 138.47792167,
      speed: 0,
      course: 0,
      time: '2013-02-27T12:59:52.000Z', // local 23:40, offset 10 h 41 min
    });
  });

  it('a zone difference beyond 12 hours wraps around the day', () => {
    expectFix(v.WRAPPED_ZONE, {
      lat: 40.73139833,
      lon: -113.48004833,
      speed: 65.26,
      course: 271.82,
      time: '2016-06-28T18:29:49.000Z', // local 06-29 02:29 is UTC+8
    });
    expect(report(v.WRAPPED_ZONE).attributes).toEqual({ ignition: true, door: false, fuel1: 31.37 });
  });

  it('hemisphere letters before the numbers and no UTC time (the local clock is taken as UTC)', () => {
    expectFix(v.HEMISPHERE_FIRST, {
      lat: 53.1106925,
      lon: 7.01297467,
      speed: 0,
      course: 0,
      altitude: 1,
      time: '2015-04-20T05:06:48.000Z',
    });
  });

  it('an empty longitude hemisphere is east', () => {
    expectFix(v.NO_LON_HEMISPHERE, {
      lat: -22.45123167,
      lon: 68.92152,
      speed: 0,
      course: 0,
      time: '2013-01-07T14:24:11.000Z',
    });
  });

  it('five minute decimals and an altitude', () => {
    expectFix(v.FIVE_DECIMALS, {
      lat: 56.03516917,
      lon: 92.7717945,
      speed: 1.4,
      course: 0,
      altitude: 175.9,
      time: '2013-08-28T21:56:30.000Z',
    });
  });

  it('a frame ending at the course, with an empty keyword', () => {
    expectFix(v.EMPTY_KEYWORD, {
      lat: 10.21056133,
      lon: -67.9599265,
      speed: 0,
      course: 340.61,
      time: '2024-12-14T12:37:46.000Z',
    });
    expect(report(v.EMPTY_KEYWORD).attributes).toEqual({});
  });

  it('a UTC time without a fraction', () => {
    expect(report(v.NO_FRACTION).fix!.fixTime.toISOString()).toBe('2020-12-23T06:49:47.000Z');
    expect(report(v.NO_FRACTION).fix!.speed).toBe(0.025);
  });

  it('the heartbeat-prefixed report', () => {
    expectFix(v.HEARTBEAT_PREFIXED, {
      lat: -16.92032167,
      lon: 145.77787,
      speed: 0,
      course: 0,
      time: '2016-02-15T22:18:11.000Z', // local 02-16 07:18 is UTC+9
    });
  });

  it('altitude, ignition, door, fuel levels and temperature', () => {
    const r = report(v.ALL_EXTRAS);
    expect(r.fix!.altitude).toBe(65.43);
    expect(r.fix!.course).toBe(30.1);
    expect(r.attributes).toEqual({
      event: '001',
      ignition: true,
      door: false,
      fuel1: 10.5,
      fuel2: 0,
      temp1: 28,
    });
  });

  it('the alternative layout: decimal degrees, km/h to knots, UTC date', () => {
    const r = report(v.ALTERNATIVE);
    expect(r.fix).toEqual({
      fixTime: new Date('2018-10-24T21:47:34Z'),
      valid: true,
      latitude: -33.42317,
      longitude: -70.6193,
      speed: 67 / 1.852,
      course: 229,
      altitude: 674,
    });
    expect(r.fix!.speed).toBeCloseTo(36.1771, 4);
    expect(r.attributes).toEqual({ rssi: 26, hdop: 1, sat: 8, ignition: false, charge: true });
  });

  it('a device clock that was never set: the UTC time nearest to now', () => {
    const at = (time: string, now: string) => {
      const text = `imei:359587010124900,tracker,,,F,${time},A,2234.4669,N,11354.3287,E,0.11,321.53,;`;
      const frame = decodeFrame(Buffer.from(text), new Date(now));
      return frame.kind === 'report' ? frame.report.fix!.fixTime.toISOString() : frame.kind;
    };
    expect(at('235959.000', '2026-03-01T00:00:30Z')).toBe('2026-02-28T23:59:59.000Z');
    expect(at('000010.000', '2026-02-28T23:59:50Z')).toBe('2026-03-01T00:00:10.000Z');
    expect(at('113000.000', '2026-03-01T12:00:00Z')).toBe('2026-03-01T11:30:00.000Z');
  });
});

describe('GPS103 alarms and events', () => {
  it.each([
    [v.SOS, { alarm: 'sos' }],
    [v.LOW_BATTERY, { alarm: 'lowBattery' }],
    [v.STOCKADE, { alarm: 'geofence' }],
    [v.MOVE, { alarm: 'movement' }],
    [v.OVERSPEED, { alarm: 'overspeed' }],
    [v.AC_ALARM, { alarm: 'powerCut' }],
    [v.ACC_ON, { ignition: true, fuel1: 0 }],
    [v.ACC_OFF, { ignition: false, door: true }],
    [v.ACC_ALARM, { event: 'acc alarm', ignition: true, door: false, fuel1: 0.03 }],
    [v.TEMPERATURE, { alarm: 'temperature', temp1: 11, ignition: false, door: false, fuel1: 0 }],
    [v.OIL, { alarm: 'fuelLeak', fuel: 51.67 }],
    [v.DTC, { alarm: 'fault', ignition: true, door: false, fuel1: 10.5 }],
    [v.RFID, { event: 'rfid', driverUniqueId: '49121185', ignition: false, door: false, fuel1: 0 }],
  ])('%s', (text, attributes) => {
    expect(report(text).attributes).toEqual(attributes);
  });

  it('the SOS keeps its position', () => {
    expectFix(v.SOS, {
      lat: 22.57337667,
      lon: 113.90546167,
      speed: 0,
      course: 0,
      time: '2008-09-23T06:29:47.000Z',
    });
  });

  it('a power cut with the local clock 4 h behind, minutes ahead', () => {
    expectFix(v.AC_ALARM, {
      lat: 10.171305,
      lon: -64.68379,
      speed: 0,
      course: 0,
      time: '2016-11-29T20:44:57.000Z',
    });
  });

  it('reports without GPS carry their alarm and no fix', () => {
    expect(report(v.VIBRATION_NO_GPS)).toMatchObject({ attributes: { alarm: 'vibration' } });
    expect(report(v.VIBRATION_NO_GPS).local).toEqual({ year: 2022, month: 8, day: 1, hour: 19, minute: 20 });
    expect(report(v.VIBRATION_NO_GPS).fix).toBeUndefined();
    expect(report(v.SOS_NO_GPS)).toMatchObject({ attributes: { alarm: 'sos' }, local: null });
    expect(report(v.NO_GPS)).toMatchObject({ attributes: {}, local: null });
  });

  it('decodes every published report with a fix', () => {
    for (const text of v.FIX_REPORTS) expect(report(text).fix, text).toBeDefined();
  });
});
