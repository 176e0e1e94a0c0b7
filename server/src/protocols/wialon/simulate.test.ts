import { describe, expect, it } from 'vitest';
import type { DeviceFix } from '../framed/simulatedDevice';
import { wialonCodec } from './codec';
import { dataRecord, wialonDevice } from './simulate';

const FIX: DeviceFix = {
  time: new Date('2026-11-29T08:15:42Z'),
  latitude: -8.838333,
  longitude: 13.234444,
  altitude: 74.4,
  speedKmh: 57.3,
  course: 181,
  satellites: 9,
  ignition: true,
  odometer: 152340,
  power: 12.64,
  sos: true,
};

describe('wialonDevice', () => {
  it('writes a record a person can read', () => {
    expect(dataRecord(FIX)).toBe(
      '291126;081542;0850.29998;S;01314.06664;E;57.300;181;74;9;NA;NA;NA;NA;NA;' +
        'ign:1:1,pwr_ext:2:12.64,odometer:1:152340,SOS:1:1',
    );
  });

  it('logs in and sends a position the codec decodes back to the fix', () => {
    const state = wialonCodec.newState();
    const [login] = wialonDevice.login('865209031234567', 1);
    const loginMessage = wialonCodec.decode(login.bytes, state, undefined);
    expect(loginMessage.uniqueId).toBe('865209031234567');
    expect(loginMessage.ack?.toString()).toBe('#AL#1\r\n');

    const frame = wialonDevice.position('865209031234567', FIX, 2);
    expect(frame.answered).toBe(true);
    const message = wialonCodec.decode(frame.bytes, state, '865209031234567');
    expect(message.ack?.toString()).toBe('#AD#1\r\n');
    expect(message.positions).toHaveLength(1);
    const [fix] = message.positions;
    expect(fix.fixTime).toEqual(FIX.time);
    expect(fix.latitude).toBeCloseTo(FIX.latitude, 6);
    expect(fix.longitude).toBeCloseTo(FIX.longitude, 6);
    expect(fix.speed).toBeCloseTo(57.3 / 1.852, 9);
    expect(fix.course).toBe(181);
    expect(fix.altitude).toBe(74);
    expect(fix.valid).toBe(true);
    expect(fix.attributes).toEqual({
      sat: 9,
      ignition: true,
      power: 12.64,
      odometer: 152340,
      alarm: 'sos',
    });
  });

  it('syncs with a ping and cuts the answers', () => {
    const sync = wialonDevice.sync('1', 3);
    expect(sync.answered).toBe(true);
    expect(wialonCodec.decode(sync.bytes, { version: '2.0' }, '1').ack?.toString()).toBe('#AP#\r\n');
    expect(wialonDevice.answerLength(Buffer.from('#AD#1\r\n#AP#'))).toBe(7);
    expect(wialonDevice.answerLength(Buffer.from('#AD#1\r'))).toBe(0);
  });

  it('writes coordinates whose minutes round up to a whole degree', () => {
    const record = dataRecord({ ...FIX, latitude: 10.99999999, longitude: -0.0000001 });
    expect(record).toContain(';1100.00000;N;00000.00001;W;');
  });
});
