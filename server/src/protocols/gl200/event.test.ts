import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError } from '../framed/codec';
import { decodeGl200 } from './decoder';
import * as V from './vectors.testdata';

const KNOT_KMH = 1.852;
const one = (message: string) => {
  const { positions } = decodeGl200(V.wire(message));
  expect(positions).toHaveLength(1);
  return positions[0];
};

describe('gl200 ignition, SOS and motion reports (real messages)', () => {
  it('GTIGN: ignition on, the odometer in metres', () => {
    const p = one(V.IGN_GV300);
    expect(p.latitude).toBe(-17.800608);
    expect(p.longitude).toBe(-63.158195);
    expect(p.speed).toBeCloseTo(0.2 / KNOT_KMH, 9);
    expect(p.course).toBe(189);
    expect(p.fixTime).toEqual(new Date('2016-03-09T02:29:51Z'));
    expect(p.attributes).toMatchObject({ ignition: true, odometer: 881_200, type: 'IGN' });
  });

  it('GTIGF from the buffer: ignition off, stored as well', () => {
    const p = one(V.IGF_GV300_BUFF);
    expect(p).toMatchObject({ latitude: -17.764712, longitude: -63.089213, course: 240, speed: 0 });
    expect(p.fixTime).toEqual(new Date('2016-03-09T12:28:54Z'));
    expect(p.attributes).toMatchObject({ ignition: false, odometer: 936_800, archive: true });
  });

  it('GTIGN with the satellites in the append mask', () => {
    const p = one(V.IGN_GV310_SAT);
    expect(p).toMatchObject({ latitude: -33.393457, longitude: -70.616413, course: 105, altitude: 532.2 });
    expect(p.valid).toBe(true);
    expect(p.attributes).toMatchObject({ ignition: true, sat: 11, odometer: 0 });
  });

  it('GTIGF on a GV355', () => {
    const p = one(V.IGF_GV355);
    expect(p).toMatchObject({ latitude: 42.654554, longitude: 14.003446, course: 184, altitude: 32.6 });
    expect(p.fixTime).toEqual(new Date('2024-02-19T12:46:29Z'));
    expect(p.attributes.ignition).toBe(false);
  });

  it('GTSOS: the sos alarm', () => {
    const p = one(V.SOS_GL200);
    expect(p.latitude).toBe(31.222073);
    expect(p.longitude).toBe(121.354335);
    expect(p.speed).toBeCloseTo(4.3 / KNOT_KMH, 9); // 2.322 kn
    expect(p.course).toBe(92);
    expect(p.fixTime).toEqual(new Date('2009-02-14T01:32:54Z'));
    expect(p.attributes.alarm).toBe('sos');
    const cv100 = one(V.SOS_CV100);
    expect(cv100).toMatchObject({ latitude: 22.537372, longitude: 114.015465, altitude: 138 });
    expect(cv100.fixTime).toEqual(new Date('2021-07-14T11:52:24Z'));
    expect(cv100.attributes.alarm).toBe('sos');
  });

  it('GTSTT: the motion state, with the ignition when the state says it', () => {
    const atRest = one(V.STT_GV300);
    expect(atRest).toMatchObject({ latitude: -17.77633, longitude: -63.169745, altitude: 411.3 });
    expect(atRest.fixTime).toEqual(new Date('2016-03-19T13:22:20Z'));
    expect(atRest.attributes).toMatchObject({ status: 0x21, motion: false, ignition: true });
    const moving = one(V.STT_GV200);
    expect(moving).toMatchObject({ latitude: 50.798077, longitude: 8.924243, course: 117 });
    expect(moving.attributes).toMatchObject({ status: 0x42, motion: true });
    expect(moving.attributes.ignition).toBeUndefined();
  });
});

describe('gl200 messages without a position', () => {
  it('answers a heartbeat +SACK:GTHBD,<version>,<count>$', () => {
    const message = decodeGl200(V.wire(V.HBD_GL300));
    expect(message.uniqueId).toBe('135790246811220');
    expect(message.positions).toEqual([]);
    expect(message.ack?.toString()).toBe('+SACK:GTHBD,1A0401,11F0$');
  });

  it('names the device of an information report or a command ack, storing and answering nothing', () => {
    expect(decodeGl200(V.wire(V.INF_GL300))).toEqual({ uniqueId: '860599000773978', positions: [] });
    expect(decodeGl200(V.wire(V.ACK_RTO))).toEqual({ uniqueId: '860599000773978', positions: [] });
  });

  it('throws ProtocolDecodeError for what is not @Track', () => {
    expect(() => decodeGl200(Buffer.from('\x00\x01garbage$'))).toThrow(ProtocolDecodeError);
  });
});
