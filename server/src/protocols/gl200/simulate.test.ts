import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceFix } from '../framed/simulatedDevice';
import { startFramedTcp, type FramedListener } from '../framed/listener';
import { FakeDevice } from '../testing/fakeDevice';
import { memoryLog, MemorySink } from '../testing/memorySink';
import { gl200Codec } from './codec';
import { gl200Device } from './simulate';

const IMEI = '866314060249032';
const fix: DeviceFix = {
  time: new Date('2026-11-29T08:15:30Z'),
  latitude: -8.838333,
  longitude: 13.234444,
  altitude: 74,
  speedKmh: 55.6,
  course: 271,
  satellites: 9,
  ignition: true,
  odometer: 123_400,
  power: 12.6,
};

let listener: FramedListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

describe('gl200 simulated device', () => {
  it('sends a GTFRI that decodes back to the fix, unanswered', () => {
    const frame = gl200Device.position(IMEI, fix, 7);
    expect(frame.answered).toBe(false);
    expect(frame.bytes.toString()).toMatch(/^\+RESP:GTFRI,8020040200,866314060249032,.*,0007\$$/);
    const message = gl200Codec.decode(frame.bytes, gl200Codec.newState(), undefined);
    expect(message.uniqueId).toBe(IMEI);
    expect(message.ack).toBeUndefined();
    expect(message.positions).toHaveLength(1);
    const [p] = message.positions;
    expect(p).toMatchObject({
      latitude: fix.latitude,
      longitude: fix.longitude,
      altitude: 74,
      course: 271,
      valid: true,
      fixTime: fix.time,
    });
    expect(p.speed).toBeCloseTo(55.6 / 1.852, 9);
    expect(p.attributes).toMatchObject({ ignition: true, sat: 9, odometer: 123_400, power: 12.6, index: 7 });
  });

  it('reports ignition off, and the SOS button as GTSOS', () => {
    const off = gl200Device.position(IMEI, { ...fix, ignition: false, speedKmh: 0 }, 8);
    const [p] = gl200Codec.decode(off.bytes, gl200Codec.newState(), undefined).positions;
    expect(p.attributes.ignition).toBe(false);
    expect(p.speed).toBe(0);
    const sos = gl200Device.position(IMEI, { ...fix, sos: true }, 9);
    expect(sos.bytes.toString()).toMatch(/^\+RESP:GTSOS,/);
    const [alarm] = gl200Codec.decode(sos.bytes, gl200Codec.newState(), undefined).positions;
    expect(alarm).toMatchObject({ latitude: fix.latitude, longitude: fix.longitude });
    expect(alarm.attributes).toMatchObject({ alarm: 'sos', sat: 9 });
  });

  it('has no login, and syncs with a heartbeat the server answers after the positions', async () => {
    expect(gl200Device.login(IMEI, 0)).toEqual([]);
    const sink = new MemorySink([IMEI]);
    listener = await startFramedTcp(gl200Codec, { port: 0, host: '127.0.0.1', sink, log: memoryLog() });
    const d = await FakeDevice.connect(listener.port);
    try {
      await d.write(gl200Device.position(IMEI, fix, 1).bytes);
      const sync = gl200Device.sync(IMEI, 2);
      expect(sync.answered).toBe(true);
      await d.write(sync.bytes);
      const answer = await d.read('+SACK:GTHBD,8020040200,0002$'.length);
      expect(answer.toString()).toBe('+SACK:GTHBD,8020040200,0002$');
      expect(gl200Device.answerLength(Buffer.concat([answer, Buffer.from('+SA')]))).toBe(answer.length);
      expect(gl200Device.answerLength(answer.subarray(0, 10))).toBe(0);
      expect(sink.stored).toHaveLength(1);
      expect(sink.stored[0]).toMatchObject({ uniqueId: IMEI, protocol: 'gl200', latitude: fix.latitude });
    } finally {
      d.destroy();
    }
  });
});
