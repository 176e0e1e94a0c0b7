import type { Framer, FramerEvent } from '../framed/codec';

/** A frame longer than this is not GPS103 (the longest real frames, photo chunks, are about 1 KB). */
export const MAX_FRAME_BYTES = 4096;

const SEMICOLON = 0x3b;
const NEWLINE = 0x0a;
const STAR = 0x2a;

/** Whether a frame holds nothing but line noise (the `\r\n` some firmwares put after `;`). */
const blank = (bytes: Buffer): boolean => bytes.every((b) => b === 0x0d || b === NEWLINE || b === 0x20);

/**
 * Cuts a GPS103 stream into frames. Most devices end a frame with `;`, some with a line break, and the
 * alternative (decimal-degree) layout ends with `*`. The terminator is kept in the frame; frames that
 * are only line breaks or spaces are dropped.
 */
export class Gps103Framer implements Framer {
  private held: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes = MAX_FRAME_BYTES) {}

  get buffered(): number {
    return this.held.length;
  }

  push(chunk: Buffer): FramerEvent[] {
    this.held = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const events: FramerEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.held.length; i++) {
      const b = this.held[i];
      if (b !== SEMICOLON && b !== NEWLINE && b !== STAR) continue;
      const frame = this.held.subarray(start, i + 1);
      start = i + 1;
      if (frame.length > this.maxBytes) return this.fatal(events, `frame of ${frame.length} bytes`);
      if (!blank(frame)) events.push({ type: 'frame', data: Buffer.from(frame) });
    }
    this.held = this.held.subarray(start);
    if (this.held.length > this.maxBytes)
      return this.fatal(events, `no frame end within ${this.maxBytes} bytes`);
    return events;
  }

  private fatal(events: FramerEvent[], reason: string): FramerEvent[] {
    this.held = Buffer.alloc(0);
    events.push({ type: 'fatal', reason });
    return events;
  }
}
