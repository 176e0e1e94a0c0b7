import { describe, expect, it } from 'vitest';
import { checkTrailingCrc, formatCrc, parseCrcField, wialonCrc } from './crc';
import { splitPacket } from './packet';
import {
  TRACCAR_D_20,
  TRACCAR_D_20_NO_FIX,
  TRACCAR_D_20_NO_TIME,
  TRACCAR_D_20_WIALON,
  TRACCAR_LOGIN_20_BAD_CRC,
  TRACCAR_SD_20,
  line,
} from './vectors.testdata';

const bodyOf = (packet: string) => splitPacket(line(packet)).body;

describe('wialonCrc', () => {
  it('is CRC-16/ARC (check value of "123456789")', () => {
    expect(wialonCrc(Buffer.from('123456789'))).toBe(0xbb3d);
  });

  it.each([
    ['SD', TRACCAR_SD_20, 0x7a01],
    ['D', TRACCAR_D_20, 0xe7c9],
    ['D without coordinates', TRACCAR_D_20_NO_FIX, 0x626b],
    ['D with Wialon parameters', TRACCAR_D_20_WIALON, 0xf24a],
    ['D with a 0x CRC', TRACCAR_D_20_NO_TIME, 0x09b0],
  ])('matches the CRC a device sent (%s), over the text up to the last ";"', (_name, packet, crc) => {
    const body = bodyOf(packet);
    const content = body.subarray(0, body.lastIndexOf(';') + 1);
    expect(wialonCrc(content)).toBe(crc);
    expect(checkTrailingCrc(body, ';')).toEqual({ content, ok: true });
  });

  it('finds a login whose CRC does not match its text', () => {
    expect(checkTrailingCrc(bodyOf(TRACCAR_LOGIN_20_BAD_CRC), ';')?.ok).toBe(false);
    expect(wialonCrc(Buffer.from('2.0;42001300083;;'))).toBe(0xdbeb);
  });

  it('fails a changed byte and a message without a CRC field', () => {
    const body = Buffer.from(bodyOf(TRACCAR_SD_20));
    body[0] = '4'.charCodeAt(0);
    expect(checkTrailingCrc(body, ';')?.ok).toBe(false);
    expect(checkTrailingCrc(Buffer.from('no separator'), ';')).toBeUndefined();
  });
});

describe('CRC fields', () => {
  it('reads four hex digits, fewer, and a 0x prefix, in either case', () => {
    expect(parseCrcField('7A01')).toBe(0x7a01);
    expect(parseCrcField('e7c9')).toBe(0xe7c9);
    expect(parseCrcField('0x9b0')).toBe(0x9b0);
  });

  it('refuses what is not one', () => {
    for (const field of ['', 'NA', '12345', 'XYZ1', '0x']) expect(parseCrcField(field)).toBeUndefined();
  });

  it('writes four upper-case digits', () => {
    expect(formatCrc(0x9b0)).toBe('09B0');
    expect(formatCrc(0xe7c9)).toBe('E7C9');
  });
});
