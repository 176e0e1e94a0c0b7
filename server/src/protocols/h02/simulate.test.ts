import { kmhToKnots } from '@frota/core/units';
import { describe, expect, it } from 'vitest';
import { h02Codec } from './codec';
import { h02Device } from './simulate';

describe('H02 simulated device', () => {
  it('sends a V1 frame the codec decodes back to the fix', () => {
    const fix = {
      time: new Date('2026-02-03T04:05:06Z'),
      latitude: -8.838333,
      longitude: 13.234444,
      altitude: 80,
      speedKmh: 47.5,
      course: 271,
      satellites: 9,
      ignition: true,
      sos: true,
    };
    const frame = h02Device.position('4106012736', fix, 1);
    expect(frame.answered).toBe(true);
    expect(frame.bytes.toString()).toBe(
      '*HQ,4106012736,V1,040506,A,0850.3000,S,01314.0666,E,25.65,271,030226,FFFFFFFD#',
    );
    const message = h02Codec.decode(frame.bytes, h02Codec.newState(), undefined);
    expect(message.uniqueId).toBe('4106012736');
    const [decoded] = message.positions;
    expect(decoded.fixTime).toEqual(fix.time);
    expect(decoded.latitude).toBeCloseTo(fix.latitude, 5);
    expect(decoded.longitude).toBeCloseTo(fix.longitude, 5);
    expect(decoded.speed).toBeCloseTo(kmhToKnots(fix.speedKmh), 2);
    expect(decoded.course).toBe(271);
    expect(decoded.valid).toBe(true);
    expect(decoded.attributes).toMatchObject({ ignition: true, alarm: 'sos' });
  });

  it('has no login; its sync is a heartbeat the server echoes', () => {
    expect(h02Device.login('4106012736', 0)).toEqual([]);
    const sync = h02Device.sync('4106012736', 2);
    expect(sync).toEqual({ bytes: Buffer.from('*HQ,4106012736,HTBT#'), answered: true });
    const message = h02Codec.decode(sync.bytes, h02Codec.newState(), undefined);
    expect(message.ack).toEqual(sync.bytes);
  });

  it('measures an answer up to its #', () => {
    expect(h02Device.answerLength(Buffer.from('*HQ,1,V4,V1,2026'))).toBe(0);
    expect(h02Device.answerLength(Buffer.from('*HQ,1,HTBT#*HQ'))).toBe(11);
  });
});
