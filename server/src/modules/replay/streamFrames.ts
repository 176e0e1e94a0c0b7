/**
 * The replay stream (format `stream`): a period's route in binary frames as the database gives it, then
 * its markers, speed limits, steps and trips once the report detectors have run, so the map can draw the
 * route before they are known. The web reads it with web/src/replay/replayStream.ts.
 *
 * Layout (little-endian): the 4 bytes `FRS1`, then frames, each a 4-byte ASCII tag, a uint32 payload
 * length, the payload and zero padding to a multiple of 8 bytes:
 * - `HEAD` JSON {length, events, device}: `length` is the positions counted (a device sending its buffer
 *   meanwhile may add some); `events` names the event codes of MARK.
 * - `PART` the next positions: uint32 n, uint32 0, then per column, each starting on an 8-byte boundary of
 *   the payload: id and fixTime as Float64 differences from the previous position of the stream (the
 *   first from 0); latitude and longitude as Int32 micro-degrees (core's NO_PLACE where hidden from the
 *   user); speed (knots, NaN where hidden) and course as Float32; privacy as Uint8.
 * - `LAST` JSON {length}: the route is whole.
 * - `MARK` uint32 n (the route's length), uint32 JSON length, the JSON {trips}, then per 8-byte aligned
 *   column: speedLimit (km/h, NaN for none) and distance (metres from the previous position, NaN where
 *   either end is hidden) as Float32, event as Uint8 (0 none, else 1 + its index in HEAD's `events`).
 * - `FAIL` JSON {status, message}: the answer broke off; what came before it stands.
 */
export const STREAM_MAGIC = 'FRS1';
export type FrameTag = 'HEAD' | 'PART' | 'LAST' | 'MARK' | 'FAIL';

const align8 = (n: number) => Math.ceil(n / 8) * 8;
/** tag and payload length */
const FRAME_HEAD = 8;

/** A frame of `payloadLength` bytes in a buffer of its own (so typed views over it are aligned). */
function frameBuffer(tag: FrameTag, payloadLength: number): Buffer {
  const buffer = Buffer.from(new ArrayBuffer(FRAME_HEAD + align8(payloadLength)));
  buffer.write(tag, 0, 'latin1');
  buffer.writeUInt32LE(payloadLength, 4);
  return buffer;
}

export const magic = (): Buffer => Buffer.from(STREAM_MAGIC, 'latin1');

export function jsonFrame(tag: FrameTag, value: unknown): Buffer {
  const text = Buffer.from(JSON.stringify(value));
  const buffer = frameBuffer(tag, text.length);
  text.copy(buffer, FRAME_HEAD);
  return buffer;
}

/** Where each column of n values starts in a payload after `start` bytes, each 8-byte aligned. */
function columnStarts(start: number, n: number, widths: number[]): { starts: number[]; end: number } {
  let at = align8(start);
  const starts = widths.map((width) => {
    const here = at;
    at = align8(at + n * width);
    return here;
  });
  return { starts, end: at };
}

const PART_WIDTHS = [8, 8, 4, 4, 4, 4, 1];

/**
 * A PART frame being filled: the reader writes each position's values straight into these views of the
 * frame (absolute ids and times; `seal` turns them into differences).
 */
export class RoutePart {
  readonly frame: Buffer;
  readonly id: Float64Array;
  readonly fixTime: Float64Array;
  readonly latitude: Int32Array;
  readonly longitude: Int32Array;
  readonly speed: Float32Array;
  readonly course: Float32Array;
  readonly privacy: Uint8Array;

  constructor(readonly length: number) {
    const n = length;
    const { starts, end } = columnStarts(8, n, PART_WIDTHS);
    this.frame = frameBuffer('PART', end);
    const at = (k: number) => FRAME_HEAD + starts[k];
    const buffer = this.frame.buffer;
    this.frame.writeUInt32LE(n, FRAME_HEAD);
    this.id = new Float64Array(buffer, at(0), n);
    this.fixTime = new Float64Array(buffer, at(1), n);
    this.latitude = new Int32Array(buffer, at(2), n);
    this.longitude = new Int32Array(buffer, at(3), n);
    this.speed = new Float32Array(buffer, at(4), n);
    this.course = new Float32Array(buffer, at(5), n);
    this.privacy = new Uint8Array(buffer, at(6), n);
  }
}

/** Turns the parts' ids and times into differences, carried from one part to the next. */
export class PartSealer {
  private lastId = 0;
  private lastTime = 0;

  /** The part's frame; call once per part, in order, after its last position is written. */
  seal(part: RoutePart): Buffer {
    for (let i = 0; i < part.length; i++) {
      const id = part.id[i];
      const time = part.fixTime[i];
      part.id[i] = id - this.lastId;
      part.fixTime[i] = time - this.lastTime;
      this.lastId = id;
      this.lastTime = time;
    }
    return part.frame;
  }
}

export interface MarkColumns {
  speedLimit: Float32Array;
  distance: Float32Array;
  event: Uint8Array;
}

export function markFrame(trips: unknown, c: MarkColumns): Buffer {
  const n = c.event.length;
  const text = Buffer.from(JSON.stringify({ trips }));
  const { starts, end } = columnStarts(8 + text.length, n, [4, 4, 1]);
  const frame = frameBuffer('MARK', end);
  frame.writeUInt32LE(n, FRAME_HEAD);
  frame.writeUInt32LE(text.length, FRAME_HEAD + 4);
  text.copy(frame, FRAME_HEAD + 8);
  const buffer = frame.buffer;
  new Float32Array(buffer, FRAME_HEAD + starts[0], n).set(c.speedLimit);
  new Float32Array(buffer, FRAME_HEAD + starts[1], n).set(c.distance);
  new Uint8Array(buffer, FRAME_HEAD + starts[2], n).set(c.event);
  return frame;
}
