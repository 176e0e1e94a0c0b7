import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError, type PositionFix } from '../framed/codec';
import { decodeText, type TextReport } from './textDecoder';
import * as v from './vectors.testdata';

const NOW = new Date('2026-03-01T12:00:00Z');
const decode = (text: string): TextReport => decodeText(Buffer.from(text, 'latin1'), NOW);

function fixOf(text: string): PositionFix {
  const report = decode(text);
  if (report.kind !== 'position' || !report.fix) throw new Error(`no fix in ${text}`);
  return report.fix;
}

describe('H02 text position frames', () => {
  it('decodes V1: UTC time, ddmm.mmmm coordinates with hemispheres, knots, status', () => {
    const report = decode(v.TEXT_V1_WEST);
    expect(report).toMatchObject({ kind: 'position', uniqueId: '4210051415', type: 'V1' });
    const fix = fixOf(v.TEXT_V1_WEST);
    expect(fix.fixTime.toISOString()).toBe('2015-12-22T16:45:49.000Z');
    expect(fix.latitude).toBeCloseTo(9.939782, 6); // 9° 56.3869' N
    expect(fix.longitude).toBeCloseTo(-84.11178, 6); // 84° 06.7068' W
    expect(fix.speed).toBe(0);
    expect(fix.course).toBe(0);
    expect(fix.valid).toBe(true);
    expect(fix.attributes).toEqual({ status: 0xfffffbff, ignition: false });
  });

  it('reads a longitude with no degree digits (V8)', () => {
    const fix = fixOf(v.TEXT_V8_NO_DEGREES);
    expect(fix.fixTime.toISOString()).toBe('2025-10-22T21:39:45.000Z');
    expect(fix.latitude).toBeCloseTo(35.703405, 6);
    expect(fix.longitude).toBeCloseTo(-0.64418, 6);
    expect(fix.course).toBe(170);
  });

  it('reads coordinates without a point and as -degrees-minutes', () => {
    const noPoint = fixOf(v.TEXT_V1_NO_POINT);
    expect(noPoint.latitude).toBeCloseTo(-37.955653, 6); // 37° 57.3392' S
    expect(noPoint.longitude).toBeCloseTo(145.061703, 6); // 145° 03.7022' E
    expect(noPoint.fixTime.toISOString()).toBe('2022-01-28T10:57:59.000Z');
    const dashed = fixOf(v.TEXT_V1_DASHED);
    expect(dashed.latitude).toBeCloseTo(-23.483492, 6);
    expect(dashed.longitude).toBeCloseTo(-46.859753, 6);
    expect(dashed.speed).toBe(2.4);
    expect(dashed.course).toBe(65);
    expect(dashed.attributes).toEqual({ status: 0xffffffff, ignition: true });
  });

  it('marks a fix not valid when the validity field is empty', () => {
    const fix = fixOf(v.TEXT_V1_NO_VALIDITY);
    expect(fix.valid).toBe(false);
    expect(fix.latitude).toBeCloseTo(28.460205, 6);
    expect(fix.longitude).toBeCloseTo(77.064137, 6);
    expect(fix.fixTime.toISOString()).toBe('2015-10-03T05:04:18.000Z');
  });

  it('reports the SOS and power-cut alarms of the status word', () => {
    const sos = fixOf(v.TEXT_V1_SOS);
    expect(sos.attributes).toEqual({ status: 0xfffbffff, ignition: true, alarm: 'sos' });
    expect(sos.speed).toBe(57.78);
    expect(sos.course).toBe(40);
    expect(sos.latitude).toBeCloseTo(32.950254, 6);
    expect(sos.longitude).toBeCloseTo(-6.917311, 6);
    expect(fixOf(v.TEXT_V1_POWER_CUT).attributes).toEqual({
      status: 0xefe7f9ff,
      ignition: false,
      alarm: 'powerCut',
    });
  });

  it('reads the extended tail: odometer, temperature, fuel, altitude', () => {
    const fix = fixOf(v.TEXT_V1_EXTENDED);
    expect(fix.attributes).toEqual({
      status: 0xffffdfff,
      ignition: true,
      odometer: 69129336,
      temp1: 0,
      fuel: 100,
    });
    expect(fix.altitude).toBe(18);
    expect(fix.speed).toBe(0.286);
    expect(fix.course).toBe(23);
    expect(fix.latitude).toBeCloseTo(5.334438, 6);
    expect(fix.longitude).toBeCloseTo(100.477207, 6);
  });

  it('skips a battery field before the date, and SIM fields before the status (V19)', () => {
    const battery = fixOf(v.TEXT_V1_BATTERY_FIELD);
    expect(battery.fixTime.toISOString()).toBe('2018-09-08T05:40:48.000Z');
    expect(battery.course).toBe(47);
    expect(battery.attributes).toMatchObject({ status: 0xeee7fbdf, alarm: 'powerCut' });
    const v19 = fixOf(v.TEXT_V19);
    expect(v19.fixTime.toISOString()).toBe('2017-04-20T21:44:52.000Z');
    expect(v19.attributes.status).toBe(0xbffffbff);
    expect(v19.latitude).toBeCloseTo(52.016963, 6);
  });

  it('reads a V4 command answer with its fix', () => {
    const report = decode(v.TEXT_V4_S20_DONE);
    expect(report).toMatchObject({
      kind: 'position',
      uniqueId: '2020916012',
      type: 'V4',
      result: 'S20,DONE',
    });
    const fix = fixOf(v.TEXT_V4_S20_DONE);
    expect(fix.fixTime.toISOString()).toBe('2002-09-22T05:03:16.000Z');
    expect(fix.latitude).toBeCloseTo(22.214575, 6);
    expect(fix.longitude).toBeCloseTo(113.777623, 6);
    expect(fix.speed).toBe(14.28);
    expect(fix.attributes).toMatchObject({ result: 'S20,DONE', status: 0xf7fffbff });
  });

  it('reads VP1 (a date, no time of day) and a frame followed by CR LF', () => {
    const vp1 = fixOf(v.TEXT_VP1);
    expect(vp1.fixTime.toISOString()).toBe('2017-09-08T00:00:00.000Z');
    expect(vp1.latitude).toBeCloseTo(-27.045408, 6);
    expect(vp1.longitude).toBeCloseTo(152.865518, 6);
    expect(vp1.speed).toBe(0.48);
    expect(fixOf(v.TEXT_V1_CRLF).fixTime.toISOString()).toBe('2002-09-22T05:03:16.000Z');
  });

  it('gives no fix for empty or zero coordinates', () => {
    expect(decode(v.TEXT_V1_EMPTY)).toEqual({ kind: 'position', uniqueId: '353505510948929', type: 'V1' });
    expect(decode(v.TEXT_V1_ZERO)).toMatchObject({ kind: 'position', uniqueId: '353588020068342' });
    expect(decode(v.TEXT_V1_ZERO)).not.toHaveProperty('fix');
  });
});

describe('H02 other text frames', () => {
  it('echoes heartbeats', () => {
    expect(decode(v.TEXT_HTBT)).toMatchObject({ kind: 'heartbeat', echo: '*HQ,135790246811220,HTBT#' });
    expect(decode(v.TEXT_HTBT_BARE)).toMatchObject({ kind: 'heartbeat', echo: '*HQ,135790246811220,HTBT#' });
  });

  it('reads NBR, LINK and V3 reports: time, status and LINK values', () => {
    expect(decode(v.TEXT_NBR)).toEqual({
      kind: 'lbs',
      uniqueId: '4109179024',
      type: 'NBR',
      time: new Date('2017-02-10T10:37:32Z'),
      attributes: { status: 0xfffffbff, ignition: false },
    });
    expect(decode(v.TEXT_LINK)).toMatchObject({
      kind: 'lbs',
      time: new Date('2017-05-24T18:09:02Z'),
      attributes: { rssi: 15, sat: 0, batteryLevel: 84, ignition: false },
    });
    expect(decode(v.TEXT_V3)).toMatchObject({ kind: 'lbs', time: new Date('2017-08-03T04:48:55Z') });
  });

  it('reads an SMS answer whole, and passes over types it does not use', () => {
    const sms = decode(v.TEXT_SMS);
    expect(sms.kind).toBe('sms');
    if (sms.kind === 'sms') expect(sms.text.split('\n')).toHaveLength(8);
    expect(decode(v.TEXT_XT)).toEqual({ kind: 'other', uniqueId: '356327080425330', type: 'XT' });
    expect(decode('*HQ,4109198974,#')).toEqual({ kind: 'other', uniqueId: '4109198974', type: '' });
  });

  it('takes an empty id as no id', () => {
    const report = decode('*HQ,,V1,173212,A,2225.78879,S,02829.19021,E,0.00,0,290418,FFFFFBFF#');
    expect(report.uniqueId).toBeUndefined();
    expect(report.kind === 'position' && report.fix?.latitude).toBeCloseTo(-22.429813, 6);
  });

  it('rejects frames that are not H02', () => {
    for (const text of ['*hello#', '*HQ,12a,V1#', '*HQ,123,V1,\u0001#', 'HQ,1,V1#']) {
      expect(() => decode(text), text).toThrow(ProtocolDecodeError);
    }
  });
});
