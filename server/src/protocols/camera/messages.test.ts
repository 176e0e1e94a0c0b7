import { describe, expect, it } from 'vitest';
import {
  CMD,
  CameraProtocolError,
  CommandReader,
  encodeData,
  encodeInit,
  encodeRepeatInit,
  encodeResume,
  encodeStart,
  parseData,
  parseInit,
  parseRepeatInit,
  parseStart,
  waitingFiles,
} from './messages';

describe('camera init packet', () => {
  it('reads the protocol id, the IMEI as a u64 and the waiting-file bits', () => {
    // 0x0000 | 0x0005 | IMEI 352093081429377 | settings 0x14 (front photo + front video)
    const bytes = Buffer.from('000000050001403a0f0be58100000014', 'hex');
    expect(bytes.length).toBe(16);
    const init = parseInit(bytes);
    expect(init).toEqual({ protocolId: 5, imei: '352093081429377', settings: 0x14 });
    expect(init.imei).toBe('352093081429377');
    expect(waitingFiles(init.settings).map((f) => f.id)).toEqual(['%photof', '%videof']);
    expect(waitingFiles(0x3c).map((f) => f.id)).toEqual(['%photof', '%photor', '%videof', '%videor']);
    expect(parseInit(encodeInit(init))).toEqual(init);
  });

  it('refuses a short packet, a wrong header, an old protocol id and a zero IMEI', () => {
    const good = encodeInit({ protocolId: 6, imei: '356307042441013', settings: 4 });
    expect(() => parseInit(good.subarray(0, 15))).toThrow(CameraProtocolError);
    const header = Buffer.from(good);
    header[0] = 1;
    expect(() => parseInit(header)).toThrow(/header/);
    const old = Buffer.from(good);
    old.writeUInt16BE(4, 2);
    expect(() => parseInit(old)).toThrow(/protocol id 4/);
    const zero = Buffer.from(good);
    zero.fill(0, 4, 12);
    expect(() => parseInit(zero)).toThrow(/IMEI/);
  });
});

describe('camera command framing', () => {
  it('encodes id | length | payload big-endian', () => {
    expect(encodeResume(3).toString('hex')).toBe('0002000400000003');
    expect(encodeStart(32).toString('hex')).toBe('000100060000002' + '00000');
    expect(parseStart(encodeStart(32).subarray(4))).toBe(32);
    const data = encodeData(Buffer.from([1, 2, 3]), 0xbeef);
    expect(data.toString('hex')).toBe('00040005010203beef');
    expect(parseData(data.subarray(4))).toEqual({ bytes: Buffer.from([1, 2, 3]), crc: 0xbeef });
    expect(() => parseData(Buffer.from([1, 2]))).toThrow(CameraProtocolError);
    expect(() => parseData(Buffer.alloc(1027))).toThrow(/1024/);
  });

  it('splits commands however the stream is cut, after the init taken off the front', () => {
    const init = encodeInit({ protocolId: 5, imei: '356307042441013', settings: 4 });
    const stream = Buffer.concat([init, encodeStart(2), encodeData(Buffer.from('abc'), 7), encodeCommand0()]);
    for (const size of [1, 3, 7, 64]) {
      const reader = new CommandReader();
      const got: number[] = [];
      let head: Buffer | undefined;
      for (let at = 0; at < stream.length; at += size) {
        reader.feed(stream.subarray(at, at + size));
        head ??= reader.take(16);
        if (!head) continue;
        for (let c = reader.next(); c; c = reader.next()) got.push(c.id);
      }
      expect(head).toEqual(init);
      expect(got).toEqual([CMD.START, CMD.DATA, CMD.CLOSE]);
      expect(reader.buffered).toBe(0);
    }
  });

  it('reads the settings of a repeated init from its last four bytes', () => {
    const repeat = encodeRepeatInit({ protocolId: 5, imei: '356307042441013', settings: 0x20 });
    expect(repeat.readUInt16BE(0)).toBe(CMD.REPEAT_INIT);
    expect(parseRepeatInit(repeat.subarray(4))).toBe(0x20);
    expect(parseRepeatInit(Buffer.from([0, 0, 0, 8]))).toBe(8);
    expect(parseRepeatInit(Buffer.alloc(0))).toBeUndefined();
  });
});

function encodeCommand0(): Buffer {
  return Buffer.from([0, 0, 0, 0]);
}
