import { describe, expect, it } from 'vitest';
import { Gps103Framer, MAX_FRAME_BYTES } from './framer';

const frames = (framer: Gps103Framer, text: string) =>
  framer.push(Buffer.from(text, 'latin1')).map((e) => (e.type === 'frame' ? e.data.toString('latin1') : e));

describe('Gps103Framer', () => {
  it('cuts at ; line breaks and *, keeping the terminator and dropping blank frames', () => {
    const framer = new Gps103Framer();
    expect(frames(framer, '##,imei:1234567,A;\r\n1234567;imei:1234567,x,---,*\nimei:9')).toEqual([
      '##,imei:1234567,A;',
      '1234567;',
      'imei:1234567,x,---,*',
    ]);
    expect(framer.buffered).toBe('imei:9'.length);
  });

  it('joins a frame split across chunks', () => {
    const framer = new Gps103Framer();
    expect(frames(framer, '##,imei:35958')).toEqual([]);
    expect(frames(framer, '6015829802,A')).toEqual([]);
    expect(frames(framer, ';')).toEqual(['##,imei:359586015829802,A;']);
    expect(framer.buffered).toBe(0);
  });

  it('fails on a stream with no terminator within the limit, and on an oversized frame', () => {
    const open = new Gps103Framer();
    expect(frames(open, 'A'.repeat(MAX_FRAME_BYTES))).toEqual([]);
    expect(frames(open, 'A')).toEqual([
      { type: 'fatal', reason: `no frame end within ${MAX_FRAME_BYTES} bytes` },
    ]);
    expect(open.buffered).toBe(0);

    const long = new Gps103Framer(10);
    expect(frames(long, '12345;12345678901;')).toEqual([
      '12345;',
      { type: 'fatal', reason: 'frame of 12 bytes' },
    ]);
    expect(long.buffered).toBe(0);
  });
});
