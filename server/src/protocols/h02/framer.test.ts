import { describe, expect, it } from 'vitest';
import type { FramerEvent } from '../framed/codec';
import { H02Framer, MAX_TEXT_FRAME } from './framer';
import { BINARY_32, BINARY_42, BINARY_45, TEXT_V1_CRLF, TEXT_V1_WEST, X_FRAME } from './vectors.testdata';

const bin = (hex: string) => Buffer.from(hex, 'hex');
const txt = (text: string) => Buffer.from(text, 'latin1');
const frames = (events: FramerEvent[]) =>
  events.map((e) => (e.type === 'frame' ? e.data.toString('hex') : `fatal: ${e.reason}`));

describe('H02 framer', () => {
  it('cuts text frames at #, across chunks, dropping the CR LF after them', () => {
    const framer = new H02Framer();
    const stream = txt(TEXT_V1_CRLF + TEXT_V1_WEST);
    expect(framer.push(stream.subarray(0, 30))).toEqual([]);
    expect(framer.buffered).toBe(30);
    const events = framer.push(stream.subarray(30));
    expect(events.map((e) => e.type === 'frame' && e.data.toString('latin1'))).toEqual([
      TEXT_V1_CRLF.trim(),
      TEXT_V1_WEST,
    ]);
    expect(framer.buffered).toBe(0);
  });

  it('cuts a binary frame where the device write ends, then keeps that length', () => {
    const framer = new H02Framer();
    expect(frames(framer.push(bin(BINARY_32)))).toEqual([BINARY_32]);
    expect(framer.learnedBinaryLength).toBe(32);
    expect(frames(framer.push(bin(BINARY_32 + BINARY_32)))).toEqual([BINARY_32, BINARY_32]);
  });

  it('finds a long frame by the frame that follows it (binary then text, as Traccar tests it)', () => {
    const framer = new H02Framer();
    const events = framer.push(Buffer.concat([bin(BINARY_45), txt(TEXT_V1_WEST)]));
    expect(frames(events)).toEqual([BINARY_45, txt(TEXT_V1_WEST).toString('hex')]);
    expect(framer.learnedBinaryLength).toBe(45);
  });

  it('waits for the rest of a binary frame split across writes', () => {
    const framer = new H02Framer();
    const frame = bin(BINARY_42);
    expect(framer.push(frame.subarray(0, 20))).toEqual([]);
    expect(frames(framer.push(frame.subarray(20)))).toEqual([BINARY_42.toLowerCase()]);
  });

  it('cuts X frames at 32 bytes', () => {
    const framer = new H02Framer();
    expect(frames(framer.push(Buffer.concat([bin(X_FRAME), txt(TEXT_V1_WEST)])))).toHaveLength(2);
  });

  it('is fatal on garbage, an oversized text frame and a binary frame of no known length', () => {
    expect(frames(new H02Framer().push(txt('GET / HTTP/1.1\r\n')))).toEqual([
      'fatal: unexpected byte 0x47 at a frame start',
    ]);
    const oversized = new H02Framer();
    expect(oversized.push(txt(`*HQ,${'1'.repeat(MAX_TEXT_FRAME)}`))[0]?.type).toBe('fatal');
    expect(oversized.buffered).toBe(0);
    const truncated = new H02Framer();
    const events = truncated.push(Buffer.concat([bin(BINARY_32).subarray(0, 20), txt(TEXT_V1_WEST)]));
    expect(events).toEqual([{ type: 'fatal', reason: 'binary frame of no known length' }]);
  });
});
