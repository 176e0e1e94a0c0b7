import type { Framer, FramerEvent } from '../framed/codec';

/** Start bytes: 0x7878 has a 1-byte length, 0x7979 (extended) a 2-byte length. */
export const SHORT_START = 0x78;
export const LONG_START = 0x79;
/** The length counts the type, the content, the serial and the CRC: never less than 5. */
export const MIN_LENGTH = 5;
/** Larger extended frames (photo chunks, long texts) are not read here: the connection is closed. */
export const MAX_EXTENDED_LENGTH = 2048;

/** The frame's total size from its header, or undefined while the header is incomplete. */
export function frameSize(held: Buffer): { size: number } | { fatal: string } | undefined {
  if (held.length < 2) {
    if (held.length === 1 && held[0] !== SHORT_START && held[0] !== LONG_START)
      return { fatal: `bad start byte 0x${held[0].toString(16)}` };
    return undefined;
  }
  const start = held[0];
  if ((start !== SHORT_START && start !== LONG_START) || held[1] !== start)
    return { fatal: `bad start bytes 0x${held.subarray(0, 2).toString('hex')}` };
  const extended = start === LONG_START;
  const header = extended ? 4 : 3;
  if (held.length < header) return undefined;
  const length = extended ? held.readUInt16BE(2) : held[2];
  if (length < MIN_LENGTH) return { fatal: `length ${length} is below a GT06 frame's minimum` };
  if (extended && length > MAX_EXTENDED_LENGTH) return { fatal: `length ${length} is too large` };
  return { size: header + length + 2 };
}

/** Cuts the stream into GT06 frames (start bytes to the 0x0D0A stop bytes, by the header's length). */
export class Gt06Framer implements Framer {
  private held: Buffer = Buffer.alloc(0);

  get buffered(): number {
    return this.held.length;
  }

  push(chunk: Buffer): FramerEvent[] {
    this.held = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const events: FramerEvent[] = [];
    while (this.held.length > 0) {
      const header = frameSize(this.held);
      if (header === undefined) break;
      if ('fatal' in header) return this.fail(events, header.fatal);
      const { size } = header;
      if (this.held.length < size) break;
      if (this.held[size - 2] !== 0x0d || this.held[size - 1] !== 0x0a)
        return this.fail(events, 'no 0x0D0A stop bytes where the length puts them');
      events.push({ type: 'frame', data: Buffer.from(this.held.subarray(0, size)) });
      this.held = this.held.subarray(size);
    }
    return events;
  }

  private fail(events: FramerEvent[], reason: string): FramerEvent[] {
    this.held = Buffer.alloc(0);
    events.push({ type: 'fatal', reason });
    return events;
  }
}
