import { crc16Ibm } from './crc';
import {
  FRAME_CRC_LENGTH,
  FRAME_HEADER_LENGTH,
  MAX_DATA_LENGTH,
  MAX_IMEI_LENGTH,
  MIN_DATA_LENGTH,
  PING_BYTE,
} from './tcpFrame';

export type FrameEvent =
  | { type: 'imei'; imei: string }
  | { type: 'ping' }
  /** data = codec .. second record count; preamble, length, CRC and record counts verified */
  | { type: 'frame'; data: Buffer }
  /** a delimited frame that failed its CRC or count check: skip it, never acknowledge it */
  | { type: 'rejected'; reason: string }
  /** bytes that cannot be a Teltonika stream: the connection has to be closed */
  | { type: 'fatal'; reason: string };

type State = 'imei' | 'frames' | 'dead';

/**
 * Splits a Teltonika TCP byte stream into events: the IMEI handshake first, then AVL or Codec 12
 * frames and FF pings. Reads may split a frame anywhere or carry several frames. Once the stream is
 * found out of sync it emits one `fatal` and ignores everything after: a device re-sends unacknowledged
 * records on its next connection, so dropping is safer than guessing where the next frame starts.
 */
export class TeltonikaFrameReader {
  private buffer: Buffer = Buffer.alloc(0);
  private state: State;
  private readonly maxDataLength: number;

  constructor(options: { expectImei?: boolean; maxDataLength?: number } = {}) {
    this.state = options.expectImei === false ? 'frames' : 'imei';
    this.maxDataLength = options.maxDataLength ?? MAX_DATA_LENGTH;
  }

  /** Bytes held while waiting for the rest of a frame. */
  get buffered(): number {
    return this.buffer.length;
  }

  push(chunk: Buffer): FrameEvent[] {
    if (this.state === 'dead') return [];
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const events: FrameEvent[] = [];
    for (;;) {
      const event = this.state === 'imei' ? this.readImei() : this.readFrame();
      if (!event) break;
      events.push(event);
      if (event.type === 'fatal') {
        this.state = 'dead';
        this.buffer = Buffer.alloc(0);
        break;
      }
    }
    return events;
  }

  private consume(n: number): void {
    this.buffer = this.buffer.subarray(n);
  }

  private readImei(): FrameEvent | undefined {
    const buf = this.buffer;
    if (buf.length < 2) return undefined;
    const length = buf.readUInt16BE(0);
    if (length < 1 || length > MAX_IMEI_LENGTH) return { type: 'fatal', reason: `bad IMEI length ${length}` };
    const available = buf.subarray(2, Math.min(buf.length, 2 + length));
    const digits = available.every((b) => b >= 0x30 && b <= 0x39);
    if (!digits) return { type: 'fatal', reason: 'IMEI is not digits' };
    if (buf.length < 2 + length) return undefined;
    this.consume(2 + length);
    this.state = 'frames';
    return { type: 'imei', imei: available.toString('ascii') };
  }

  private readFrame(): FrameEvent | undefined {
    const buf = this.buffer;
    if (buf.length === 0) return undefined;
    if (buf[0] === PING_BYTE) {
      this.consume(1);
      return { type: 'ping' };
    }
    for (let i = 0; i < Math.min(4, buf.length); i++) {
      if (buf[i] !== 0) return { type: 'fatal', reason: 'bad preamble' };
    }
    if (buf.length < FRAME_HEADER_LENGTH) return undefined;
    const dataLength = buf.readUInt32BE(4);
    if (dataLength < MIN_DATA_LENGTH || dataLength > this.maxDataLength) {
      return { type: 'fatal', reason: `bad data length ${dataLength}` };
    }
    const total = FRAME_HEADER_LENGTH + dataLength + FRAME_CRC_LENGTH;
    if (buf.length < total) return undefined;
    const data = buf.subarray(FRAME_HEADER_LENGTH, FRAME_HEADER_LENGTH + dataLength);
    const crc = buf.readUInt32BE(FRAME_HEADER_LENGTH + dataLength);
    this.consume(total);
    if (crc !== crc16Ibm(data)) return { type: 'rejected', reason: 'CRC mismatch' };
    if (data[1] !== data[dataLength - 1]) return { type: 'rejected', reason: 'record counts differ' };
    return { type: 'frame', data };
  }
}
