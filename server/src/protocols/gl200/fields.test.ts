import { describe, expect, it } from 'vitest';
import { ProtocolDecodeError } from '../framed/codec';
import { hourMeter, num, splitMessage, utcTime } from './fields';

describe('gl200 fields', () => {
  it('cuts a message into its header, version, id and count number', () => {
    const fields = splitMessage(Buffer.from('+BUFF:GTIGN,060228,862894020180553,,9860,20160308222956,129A$'));
    expect(fields).toMatchObject({
      kind: 'BUFF',
      type: 'IGN',
      version: '060228',
      uniqueId: '862894020180553',
      idIndex: 2,
      count: '129A',
    });
  });

  it('takes a MEID (14 hex digits) as the id, and the id right after the header on the oldest firmware', () => {
    expect(splitMessage(Buffer.from('+RESP:GTFRI,210102,A10000499AEF9B,,0,1,009D$')).uniqueId).toBe(
      'A10000499AEF9B',
    );
    const old = splitMessage(Buffer.from('+RESP:GTINF,359464030073766,8938003990320469804f,18,00EE$'));
    expect(old).toMatchObject({ uniqueId: '359464030073766', version: '', idIndex: 1 });
  });

  it('rejects what is not an @Track message', () => {
    for (const text of [
      'hello$',
      'GET / HTTP/1.1\r\n$',
      '+RESP:FRI,1,2$',
      '+RESP:GTFRI,060228,12345,,1,2$',
      '',
    ]) {
      expect(() => splitMessage(Buffer.from(text)), text).toThrow(ProtocolDecodeError);
    }
  });

  it('reads UTC times and refuses impossible ones', () => {
    expect(utcTime('20160309113548')).toEqual(new Date('2016-03-09T11:35:48Z'));
    expect(utcTime('20161301000000')).toBeUndefined();
    expect(utcTime('20160230000000')).toBeUndefined();
    expect(utcTime('201603091135')).toBeUndefined();
    expect(utcTime('')).toBeUndefined();
  });

  it('reads the hour meter in milliseconds and numbers only when present', () => {
    // 117 h 31 min 26 s
    expect(hourMeter('00117:31:26')).toBe(423_086_000);
    expect(hourMeter('')).toBeUndefined();
    expect(num('-63.169571')).toBe(-63.169571);
    expect(num('')).toBeUndefined();
    expect(num('nan')).toBeUndefined();
  });
});
