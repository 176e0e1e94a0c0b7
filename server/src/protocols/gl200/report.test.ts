import { describe, expect, it } from 'vitest';
import { decodeGl200 } from './decoder';
import * as V from './vectors.testdata';

const KNOT_KMH = 1.852;
const decode = (message: string) => decodeGl200(V.wire(message));

describe('gl200 GTFRI fixed reports (real messages)', () => {
  it('GV300: position, speed from km/h, device status with the ignition on, odometer', () => {
    const { uniqueId, positions, ack } = decode(V.FRI_GV300);
    expect(uniqueId).toBe('862894020180553');
    expect(ack).toBeUndefined(); // reports are not answered
    expect(positions).toHaveLength(1);
    const [p] = positions;
    expect(p.latitude).toBe(-17.720434);
    expect(p.longitude).toBe(-62.899703);
    expect(p.speed).toBeCloseTo(20.0 / KNOT_KMH, 9); // 10.799 kn
    expect(p.course).toBe(147);
    expect(p.altitude).toBe(329.7);
    expect(p.fixTime).toEqual(new Date('2016-03-09T11:35:48Z'));
    expect(p.valid).toBe(true);
    // status 220101: 0x22 ignition on, inputs 0x01 (the ignition line), output 1 on
    expect(p.attributes).toMatchObject({
      ignition: true,
      in1: false,
      out1: true,
      out2: false,
      odometer: 913_300,
      batteryLevel: 0,
      index: 0x132b,
      type: 'FRI',
    });
    expect(p.attributes.totalDistance).toBeUndefined();
  });

  it('GV300: external power in volts and the hour meter', () => {
    const [p] = decode(V.FRI_GV300_HOURS).positions;
    expect(p.fixTime).toEqual(new Date('2016-02-10T15:34:58Z'));
    expect(p.speed).toBe(0);
    expect(p.attributes).toMatchObject({
      power: 15.153,
      odometer: 34_900,
      hours: (117 * 3600 + 31 * 60 + 26) * 1000,
      ignition: true,
    });
  });

  it('GL300: the battery percentage and the send time as the device time', () => {
    const [p] = decode(V.FRI_GL300).positions;
    expect(p.latitude).toBe(39.778885);
    expect(p.longitude).toBe(-76.671089);
    expect(p.speed).toBeCloseTo(134.8 / KNOT_KMH, 9); // 72.786 kn
    expect(p.course).toBe(154);
    expect(p.fixTime).toEqual(new Date('2015-06-23T15:43:01Z'));
    expect(p.deviceTime).toEqual(new Date('2015-06-23T15:43:14Z'));
    expect(p.attributes.batteryLevel).toBe(99);
    expect(p.attributes.ignition).toBeUndefined();
  });

  it('GL300W: two positions in one report, the state on the last', () => {
    const positions = decode(V.FRI_GL300W_TWO).positions;
    expect(positions.map((p) => p.fixTime)).toEqual([
      new Date('2016-02-15T21:04:33Z'),
      new Date('2016-02-15T21:05:03Z'),
    ]);
    for (const p of positions) {
      expect(p).toMatchObject({ latitude: -0.206828, longitude: -78.481127, course: 205, altitude: 2867 });
      expect(p.speed).toBeCloseTo(1.7 / KNOT_KMH, 9);
    }
    expect(positions[1].attributes).toMatchObject({ batteryLevel: 88, odometer: 0 });
    expect(positions[0].attributes.batteryLevel).toBeUndefined();
  });

  it('GL300: four positions in one report, in order', () => {
    const positions = decode(V.FRI_GL300_FOUR).positions;
    expect(positions.map((p) => [p.latitude, p.longitude, p.course])).toEqual([
      [47.681639, 8.611466, 0],
      [47.681846, 8.6116, 34],
      [47.681983, 8.611893, 62],
      [47.68204, 8.612236, 78],
    ]);
    expect(positions[3].fixTime).toEqual(new Date('2018-12-14T13:46:48Z'));
    expect(positions[3].speed).toBeCloseTo(4.8 / KNOT_KMH, 9);
    expect(positions[3].attributes).toMatchObject({ odometer: 25_200, batteryLevel: 83 });
  });

  it('GV500 with a VIN: accuracy 0 is a repeated last fix (not valid); rpm and fuel after the status', () => {
    const [p] = decode(V.FRI_GV500_VIN).positions;
    expect(p.latitude).toBe(39.832588);
    expect(p.longitude).toBe(-76.661456);
    expect(p.valid).toBe(false);
    expect(p.attributes).toMatchObject({
      power: 12.802,
      odometer: 20_460_900,
      hours: (80 * 3600 + 3 * 60 + 37) * 1000,
      batteryLevel: 100,
      fuel: 56,
      ignition: true,
    });
  });

  it('GV58LAU buffered: ten-character version, append mask and trigger type skipped', () => {
    const [p] = decode(V.FRI_GV58_BUFF).positions;
    expect(p.latitude).toBe(-33.524718);
    expect(p.longitude).toBe(-71.596533);
    expect(p.altitude).toBe(20.1);
    expect(p.fixTime).toEqual(new Date('2023-09-26T20:03:38Z'));
    // status 420000: state from the motion sensor, no ignition line
    expect(p.attributes).toMatchObject({ power: 12.194, odometer: 0, batteryLevel: 0, archive: true });
    expect(p.attributes.ignition).toBeUndefined();
  });

  it('GL200 with a MEID as its id', () => {
    const { uniqueId, positions } = decode(V.FRI_GL200_MEID);
    expect(uniqueId).toBe('A10000499AEF9B');
    expect(positions[0]).toMatchObject({ latitude: 39.578828, longitude: -76.902364, course: 0 });
    expect(positions[0].attributes.batteryLevel).toBe(73);
  });

  it('a report without a fix gives no position but still names the device', () => {
    expect(decode(V.FRI_NO_FIX)).toEqual({ uniqueId: '861106050005423', positions: [] });
  });
});
