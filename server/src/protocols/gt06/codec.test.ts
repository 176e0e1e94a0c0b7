import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError } from '../framed/codec';
import { timeAnswer } from './acks';
import { gt06Codec } from './codec';
import * as v from './vectors.testdata';

const decode = (vector: string) => gt06Codec.decode(v.hex(vector), gt06Codec.newState(), '864717003283581');
const ackOf = (vector: string) => decode(vector).ack?.toString('hex');

describe('gt06Codec', () => {
  it('names the device on login and acks with the echoed type and serial', () => {
    // the vendor document's example answer to its login example
    expect(decode(v.LOGIN_DOC)).toMatchObject({ uniqueId: '123456789012345', positions: [] });
    expect(ackOf(v.LOGIN_DOC)).toBe('787805010001d9dc0d0a');
    expect(ackOf(v.LOGIN)).toBe('7878050100095594' + '0d0a');
    // an unknown IMEI gets nothing back
    expect(decode(v.LOGIN).refuse).toBeUndefined();
  });

  it('acks heartbeats, positions and alarms the way Traccar does, storing heartbeats not', () => {
    expect(decode(v.HEARTBEAT).positions).toEqual([]);
    expect(ackOf(v.HEARTBEAT)).toBe('78780513' + '01ba' + 'fb71' + '0d0a');
    expect(ackOf(v.GPS_LBS_1)).toBe('78780512' + '0003' + '903f' + '0d0a');
    expect(ackOf(v.GPS_LBS_2)).toBe('78780522' + '0213' + '35a0' + '0d0a');
    expect(ackOf(v.ALARM_OVERSPEED)).toBe('78780516' + '0140' + '9a19' + '0d0a');
    expect(ackOf(v.ALARM_TAMPERING)).toBe('78780526' + '0007' + '33d4' + '0d0a');
    expect(decode(v.ALARM_OVERSPEED).positions).toHaveLength(1);
  });

  it('turns answers into commandAnswer, acking 0x15 and not 0x21', () => {
    expect(decode(v.ANSWER_CUT)).toMatchObject({ commandAnswer: 'Cut off the fuel supply: Success!' });
    expect(ackOf(v.ANSWER_CUT)).toBe('78780515' + '013b' + 'b829' + '0d0a');
    expect(decode(v.ANSWER_EXTENDED).ack).toBeUndefined();
    expect(decode(v.INFO_EXTENDED)).toEqual({ positions: [], ack: undefined });
  });

  it('answers a time request with the UTC time', () => {
    expect(timeAnswer(new Date('2026-08-21T09:58:07Z')).toString('hex')).toBe(
      '78780b8a' + '1a0815093a07' + '0000' + 'e692' + '0d0a',
    );
  });

  it('throws ProtocolDecodeError on a bad CRC or a login without a BCD IMEI', () => {
    expect(() => decode(v.GPS_BAD_CRC)).toThrow(ProtocolDecodeError);
    expect(() =>
      gt06Codec.decode(
        v.hex('78780d01' + 'ffffffffffffffff' + '0001' + '0000' + '0d0a'),
        gt06Codec.newState(),
        undefined,
      ),
    ).toThrow(ProtocolDecodeError);
  });

  it('sends text commands in a 0x80 frame with a server flag and serial counted per connection', () => {
    const state = gt06Codec.newState();
    const frame = gt06Codec.encodeCommand!('Relay,1#', state);
    // 78 78 | 12 | 80 | 0c | 00000001 | "Relay,1#" | 0001 | CRC | 0d 0a
    expect(frame.toString('hex')).toBe(
      '7878' + '12' + '80' + '0c' + '00000001' + '52656c61792c3123' + '0001' + 'd9f6' + '0d0a',
    );
    const next = gt06Codec.encodeCommand!('Relay,0#', state);
    expect(next.toString('hex')).toBe(
      '7878' + '12' + '80' + '0c' + '00000002' + '52656c61792c3023' + '0002' + '0965' + '0d0a',
    );
    expect(() => gt06Codec.encodeCommand!('Relé,1#', state)).toThrow(RangeError);
  });

  it("turns the platform's block and unblock into the relay commands", () => {
    const text = (frame: Buffer) => frame.subarray(9, frame.length - 6).toString('latin1');
    expect(text(gt06Codec.encodeCommand!('setdigout 1', gt06Codec.newState()))).toBe('Relay,1#');
    expect(text(gt06Codec.encodeCommand!('setdigout 0', gt06Codec.newState()))).toBe('Relay,0#');
  });
});
