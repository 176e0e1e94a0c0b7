import type { Framer, FramerEvent } from '../framed/codec';

/** A text frame longer than this without its closing `#` is not H02. */
export const MAX_TEXT_FRAME = 1024;
/** Binary frame lengths seen from devices: 32 (short), 42 (15-digit id), 45, 46 and 48 (with extras). */
export const BINARY_FRAME_LENGTHS = [32, 42, 45, 46, 48] as const;
/** The `X` frames some devices interleave (another id encoding): cut and ignored. */
export const X_FRAME_LENGTH = 32;

const STAR = 0x2a;
const HASH = 0x23;
const DOLLAR = 0x24;
const X = 0x58;
const CR = 0x0d;
const LF = 0x0a;

/** A byte that may open the next frame (or the line end some devices add after `#`). */
const opensFrame = (byte: number): boolean => byte === DOLLAR || byte === STAR || byte === CR || byte === LF;

/**
 * Cuts an H02 stream: text frames `*...#`, binary frames `$` + fixed length, `X` frames. Binary frames
 * carry no length: the first one's length is found by where the next frame starts (or where the
 * device's write ended), then kept for the connection. Any other byte where a frame should start is
 * not H02 and is fatal.
 */
export class H02Framer implements Framer {
  private held: Buffer = Buffer.alloc(0);
  private binaryLength?: number;

  get buffered(): number {
    return this.held.length;
  }

  /** the binary frame length this connection uses, once known */
  get learnedBinaryLength(): number | undefined {
    return this.binaryLength;
  }

  push(chunk: Buffer): FramerEvent[] {
    this.held = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const events: FramerEvent[] = [];
    for (;;) {
      let start = 0;
      while (start < this.held.length && (this.held[start] === CR || this.held[start] === LF)) start++;
      this.held = this.held.subarray(start);
      if (this.held.length === 0) break;
      const end = this.frameEnd();
      if (typeof end === 'string') {
        this.held = Buffer.alloc(0);
        events.push({ type: 'fatal', reason: end });
        break;
      }
      if (end === undefined) break;
      events.push({ type: 'frame', data: Buffer.from(this.held.subarray(0, end)) });
      this.held = this.held.subarray(end);
    }
    return events;
  }

  /** The end of the frame at the start of `held`; undefined while incomplete; a string when fatal. */
  private frameEnd(): number | undefined | string {
    const marker = this.held[0];
    if (marker === STAR) {
      const hash = this.held.indexOf(HASH);
      if (hash >= 0 && hash < MAX_TEXT_FRAME) return hash + 1;
      if (hash >= 0 || this.held.length > MAX_TEXT_FRAME)
        return `no frame end within ${MAX_TEXT_FRAME} bytes`;
      return undefined;
    }
    if (marker === DOLLAR) return this.binaryEnd();
    if (marker === X) return this.held.length >= X_FRAME_LENGTH ? X_FRAME_LENGTH : undefined;
    return `unexpected byte 0x${marker.toString(16).padStart(2, '0')} at a frame start`;
  }

  private binaryEnd(): number | undefined | string {
    const held = this.held;
    if (this.binaryLength !== undefined)
      return held.length >= this.binaryLength ? this.binaryLength : undefined;
    for (const length of BINARY_FRAME_LENGTHS) {
      if (held.length < length) return undefined;
      if (held.length === length || opensFrame(held[length])) {
        this.binaryLength = length;
        return length;
      }
    }
    return 'binary frame of no known length';
  }
}
