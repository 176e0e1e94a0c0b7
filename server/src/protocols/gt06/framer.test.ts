import { describe, expect, it } from 'vitest';
import { crc16X25 } from './crc';
import { Gt06Framer } from './framer';
import { encodePacket, parsePacket } from './packet';
import { ProtocolDecodeError } from '../framed/codec';
import {
  ANSWER_EXTENDED,
  GPS_BAD_CRC,
  GPS_LBS_1,
  HEARTBEAT,
  hex,
  LOGIN,
  LOGIN_DOC,
} from './vectors.testdata';

const frames = (framer: Gt06Framer, chunk: Buffer) =>
  framer.push(chunk).map((e) => (e.type === 'frame' ? e.data.toString('hex') : `fatal: ${e.reason}`));

describe('CRC-ITU', () => {
  it('computes the CRC of the vendor document login example (05 01 00 01 -> D9DC)', () => {
    expect(crc16X25(hex('05010001'))).toBe(0xd9dc);
  });

  it('matches the CRC real frames carry', () => {
    for (const vector of [LOGIN, GPS_LBS_1, HEARTBEAT]) {
      const frame = hex(vector);
      expect(crc16X25(frame, 2, frame.length - 4)).toBe(frame.readUInt16BE(frame.length - 4));
    }
  });
});

describe('GT06 framer', () => {
  it('cuts frames sent together and frames sent a byte at a time', () => {
    const framer = new Gt06Framer();
    const stream = Buffer.concat([hex(LOGIN), hex(ANSWER_EXTENDED), hex(HEARTBEAT)]);
    expect(frames(framer, stream)).toEqual([LOGIN.toLowerCase(), ANSWER_EXTENDED, HEARTBEAT]);
    const slow = new Gt06Framer();
    const out: string[] = [];
    for (const byte of stream) out.push(...frames(slow, Buffer.from([byte])));
    expect(out).toEqual([LOGIN.toLowerCase(), ANSWER_EXTENDED, HEARTBEAT]);
    expect(slow.buffered).toBe(0);
  });

  it('holds an incomplete frame', () => {
    const framer = new Gt06Framer();
    expect(frames(framer, hex(GPS_LBS_1).subarray(0, 20))).toEqual([]);
    expect(framer.buffered).toBe(20);
  });

  it('is fatal on bad start bytes, an impossible length and misplaced stop bytes', () => {
    expect(frames(new Gt06Framer(), Buffer.from('GET / HTTP/1.1\r\n'))[0]).toMatch(/^fatal: bad start/);
    expect(frames(new Gt06Framer(), hex('7879'))[0]).toMatch(/^fatal: bad start/);
    expect(frames(new Gt06Framer(), hex('787801080d0a'))[0]).toMatch(/^fatal: length 1/);
    expect(frames(new Gt06Framer(), hex('7979ffff'))[0]).toMatch(/^fatal: length 65535/);
    expect(frames(new Gt06Framer(), hex('78780501000100010000'))[0]).toMatch(/^fatal: no 0x0D0A/);
    const framer = new Gt06Framer();
    expect(frames(framer, Buffer.concat([hex(HEARTBEAT), hex('00')]))).toEqual([
      HEARTBEAT,
      'fatal: bad start byte 0x0',
    ]);
    expect(framer.buffered).toBe(0);
  });
});

describe('GT06 packet', () => {
  it('reads the protocol number, content and serial of a short and an extended frame', () => {
    const login = parsePacket(hex(LOGIN));
    expect(login).toMatchObject({ extended: false, type: 0x01, serial: 9 });
    expect(login.content.toString('hex')).toBe('0864717003283581');
    const answer = parsePacket(hex(ANSWER_EXTENDED));
    expect(answer).toMatchObject({ extended: true, type: 0x21, serial: 0x000b });
    expect(answer.content.length).toBe(0x71 - 5);
  });

  it('rejects a frame whose CRC does not match', () => {
    expect(() => parsePacket(hex(GPS_BAD_CRC))).toThrow(ProtocolDecodeError);
    const flipped = hex(GPS_LBS_1);
    flipped[10] ^= 0x01;
    expect(() => parsePacket(flipped)).toThrow(/CRC/);
  });

  it('builds the frames it reads', () => {
    expect(encodePacket(0x01, Buffer.alloc(0), 1).toString('hex')).toBe('787805010001d9dc0d0a');
    const rebuilt = encodePacket(0x01, hex('0123456789012345'), 1);
    expect(rebuilt.toString('hex')).toBe(LOGIN_DOC.toLowerCase());
  });
});
