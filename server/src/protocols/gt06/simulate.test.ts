import { describe, expect, it } from 'vitest';
import type { DeviceFix } from '../framed/simulatedDevice';
import { gt06Codec } from './codec';
import { gt06Device } from './simulate';

const IMEI = '359339075005244';
const fix: DeviceFix = {
  time: new Date('2026-11-29T08:15:30Z'),
  latitude: -8.8383,
  longitude: 13.2344,
  altitude: 50,
  speedKmh: 72,
  course: 271,
  satellites: 9,
  ignition: true,
};

describe('gt06Device', () => {
  it('logs in with a frame the codec reads as its IMEI, and it is answered', () => {
    const [login] = gt06Device.login(IMEI, 1);
    const message = gt06Codec.decode(login.bytes, gt06Codec.newState(), undefined);
    expect(message.uniqueId).toBe(IMEI);
    expect(login.answered).toBe(true);
    expect(gt06Device.answerLength(message.ack!)).toBe(10);
  });

  it('sends positions the codec decodes back to the fix', () => {
    const frame = gt06Device.position(IMEI, fix, 2);
    const [position] = gt06Codec.decode(frame.bytes, gt06Codec.newState(), IMEI).positions;
    expect(position.fixTime).toEqual(fix.time);
    expect(position.latitude).toBeCloseTo(fix.latitude, 6);
    expect(position.longitude).toBeCloseTo(fix.longitude, 6);
    expect(position.speed).toBeCloseTo(72 / 1.852, 9);
    expect(position.course).toBe(271);
    expect(position.valid).toBe(true);
    expect(position.attributes).toMatchObject({ sat: 9, ignition: true });

    const sos = gt06Device.position(IMEI, { ...fix, sos: true, ignition: false }, 3);
    const [alarm] = gt06Codec.decode(sos.bytes, gt06Codec.newState(), IMEI).positions;
    expect(alarm.latitude).toBeCloseTo(fix.latitude, 6);
    expect(alarm.attributes).toMatchObject({ alarm: 'sos', ignition: false });
  });

  it('syncs with a heartbeat the server answers, storing nothing', () => {
    const sync = gt06Device.sync(IMEI, 4);
    const message = gt06Codec.decode(sync.bytes, gt06Codec.newState(), IMEI);
    expect(message.positions).toEqual([]);
    expect(sync.answered).toBe(true);
    expect(message.ack!.toString('hex')).toBe('78780513' + '0004' + 'be5c' + '0d0a');
  });

  it('measures the first complete answer', () => {
    const answer = Buffer.from('787805130004aaaa0d0a7878', 'hex');
    expect(gt06Device.answerLength(answer)).toBe(10);
    expect(gt06Device.answerLength(answer.subarray(0, 9))).toBe(0);
    expect(gt06Device.answerLength(Buffer.alloc(0))).toBe(0);
  });
});
