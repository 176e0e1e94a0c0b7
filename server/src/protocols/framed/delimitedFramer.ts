import type { Framer, FramerEvent } from './codec';

export interface DelimitedFramerOptions {
  /** the bytes that end a frame (kept in the frame) */
  end: Buffer;
  /** a frame longer than this is not the protocol: the connection is closed */
  maxBytes: number;
  /** bytes a frame starts with; anything before them is dropped (line noise). Absent: any. */
  start?: Buffer;
}

/** Frames of text protocols: from an optional start marker to an end marker. */
export class DelimitedFramer implements Framer {
  private held: Buffer = Buffer.alloc(0);

  constructor(private readonly options: DelimitedFramerOptions) {}

  get buffered(): number {
    return this.held.length;
  }

  push(chunk: Buffer): FramerEvent[] {
    const { end, maxBytes, start } = this.options;
    this.held = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const events: FramerEvent[] = [];
    for (;;) {
      if (start) {
        const at = this.held.indexOf(start);
        if (at < 0) {
          // keep a tail that may be the start marker's beginning
          this.held = this.held.subarray(Math.max(0, this.held.length - start.length + 1));
          break;
        }
        if (at > 0) this.held = this.held.subarray(at);
      }
      const stop = this.held.indexOf(end, start ? start.length : 0);
      if (stop < 0) break;
      const frameEnd = stop + end.length;
      if (frameEnd > maxBytes) {
        events.push({ type: 'fatal', reason: `frame of ${frameEnd} bytes` });
        this.held = Buffer.alloc(0);
        return events;
      }
      events.push({ type: 'frame', data: Buffer.from(this.held.subarray(0, frameEnd)) });
      this.held = this.held.subarray(frameEnd);
    }
    if (this.held.length > maxBytes) {
      events.push({ type: 'fatal', reason: `no frame end within ${maxBytes} bytes` });
      this.held = Buffer.alloc(0);
    }
    return events;
  }
}
