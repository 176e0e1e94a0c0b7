/**
 * Reads the replay stream (format `stream`; its layout is written down in
 * server/src/modules/replay/streamFrames.ts) as its bytes arrive: the route's parts are decoded into
 * typed arrays while the rest is still on the way, the route is handed over as soon as it is whole
 * (LAST), then its markers, limits and trips (MARK). Private positions are blanked for everyone, as
 * toReplayData does (administrators receive their places; the screen still hides them).
 */
import { grown } from '@frota/core';
import { ApiError } from '../api/client';
import type { ReplayDevice, ReplayTrip } from './types';

export const STREAM_MAGIC = 'FRS1';
/** Int32 micro-degrees standing for "no place" (core's NO_PLACE). */
const NO_PLACE = -2147483648;
const FRAME_HEAD = 8;

const align8 = (n: number) => Math.ceil(n / 8) * 8;

export interface StreamHead {
  /** positions counted when the answer began (a few more may come) */
  length: number;
  /** the names of MARK's event codes (code 1 is the first) */
  events: string[];
  device: ReplayDevice | null;
}

/** The route of the period: one entry per position, in time order. */
export interface StreamRoute {
  length: number;
  id: Float64Array;
  /** epoch ms */
  time: Float64Array;
  /** NaN where private */
  latitude: Float64Array;
  longitude: Float64Array;
  /** knots, NaN where private */
  speed: Float32Array;
  course: Float32Array;
  privacy: Uint8Array;
}

export interface StreamMarks {
  trips: ReplayTrip[];
  /** km/h, NaN for none (and where private) */
  speedLimit: Float32Array;
  /** metres from the previous position */
  distance: Float32Array;
  /** 0 none, else 1 + the index in the head's events */
  event: Uint8Array;
}

export interface StreamHandlers {
  route(route: StreamRoute, head: StreamHead): void;
  marks(marks: StreamMarks, route: StreamRoute, head: StreamHead): void;
}

/** Column starts of n values after `start` bytes of a payload, each 8-byte aligned. */
function columnStarts(start: number, n: number, widths: number[]): number[] {
  let at = align8(start);
  return widths.map((width) => {
    const here = at;
    at = align8(at + n * width);
    return here;
  });
}

const PART_WIDTHS = [8, 8, 4, 4, 4, 4, 1];
const text = new TextDecoder();

export class ReplayStreamReader {
  /** received bytes not yet read as frames */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private magicRead = false;
  private head: StreamHead | null = null;
  private route: StreamRoute | null = null;
  private done = false;
  private length = 0;
  private lastId = 0;
  private lastTime = 0;
  private columns = {
    id: new Float64Array(0),
    time: new Float64Array(0),
    latitude: new Float64Array(0),
    longitude: new Float64Array(0),
    speed: new Float32Array(0),
    course: new Float32Array(0),
    privacy: new Uint8Array(0),
  };
  /** ms spent decoding frames */
  decodeMs = 0;

  constructor(private readonly handlers: StreamHandlers) {}

  /** Reads every frame the bytes received so far complete. */
  feed(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (!this.magicRead) {
      if (this.pendingBytes < 4) return;
      if (text.decode(this.take(4)) !== STREAM_MAGIC) throw new Error('not a replay stream');
      this.magicRead = true;
    }
    for (;;) {
      if (this.pendingBytes < FRAME_HEAD) return;
      const head = new DataView(this.peek(FRAME_HEAD).buffer);
      const length = head.getUint32(4, true);
      const size = FRAME_HEAD + align8(length);
      if (this.pendingBytes < size) return;
      const tag = text.decode(this.take(4));
      this.take(4);
      const payload = this.take(align8(length));
      const started = performance.now();
      this.frame(tag, payload, length);
      this.decodeMs += performance.now() - started;
    }
  }

  /** The answer ended: throws when it ended before its markers. */
  end(): void {
    if (!this.done) throw new Error('the replay answer broke off');
  }

  private frame(tag: string, payload: Uint8Array, length: number): void {
    const json = () => JSON.parse(text.decode(payload.subarray(0, length))) as unknown;
    if (tag === 'HEAD') {
      this.head = json() as StreamHead;
      this.grow(this.head.length);
    } else if (tag === 'PART') this.part(payload);
    else if (tag === 'LAST') {
      const c = this.columns;
      const n = this.length;
      this.route = {
        length: n,
        id: c.id.subarray(0, n),
        time: c.time.subarray(0, n),
        latitude: c.latitude.subarray(0, n),
        longitude: c.longitude.subarray(0, n),
        speed: c.speed.subarray(0, n),
        course: c.course.subarray(0, n),
        privacy: c.privacy.subarray(0, n),
      };
      this.handlers.route(this.route, this.head!);
    } else if (tag === 'MARK') this.marks(payload);
    else if (tag === 'FAIL') {
      const { status, message } = json() as { status: number; message: string };
      throw new ApiError(status, status === 400 ? 'Bad Request' : 'Error', message);
    }
  }

  private grow(capacity: number): void {
    const c = this.columns;
    if (capacity <= c.id.length) return;
    for (const key of Object.keys(c) as Array<keyof typeof c>)
      (c as Record<string, Float64Array | Float32Array | Uint8Array>)[key] = grown(c[key], capacity);
  }

  private part(payload: Uint8Array): void {
    const buffer = payload.buffer as ArrayBuffer;
    const n = new DataView(buffer).getUint32(0, true);
    const at = columnStarts(8, n, PART_WIDTHS);
    if (this.length + n > this.columns.id.length)
      this.grow(Math.max(this.length + n, this.columns.id.length * 2));
    const c = this.columns;
    const o = this.length;
    const ids = new Float64Array(buffer, at[0], n);
    const times = new Float64Array(buffer, at[1], n);
    const lat = new Int32Array(buffer, at[2], n);
    const lon = new Int32Array(buffer, at[3], n);
    const privacy = new Uint8Array(buffer, at[6], n);
    c.speed.set(new Float32Array(buffer, at[4], n), o);
    c.course.set(new Float32Array(buffer, at[5], n), o);
    c.privacy.set(privacy, o);
    let id = this.lastId;
    let time = this.lastTime;
    for (let i = 0; i < n; i++) {
      c.id[o + i] = id += ids[i];
      c.time[o + i] = time += times[i];
      if (privacy[i] || lat[i] === NO_PLACE || lon[i] === NO_PLACE) {
        c.latitude[o + i] = NaN;
        c.longitude[o + i] = NaN;
      } else {
        c.latitude[o + i] = lat[i] / 1e6;
        c.longitude[o + i] = lon[i] / 1e6;
      }
      if (privacy[i]) {
        c.speed[o + i] = NaN;
        c.course[o + i] = NaN;
      }
    }
    this.lastId = id;
    this.lastTime = time;
    this.length += n;
  }

  private marks(payload: Uint8Array): void {
    const route = this.route;
    if (!route || !this.head) throw new Error('replay markers before the route');
    const buffer = payload.buffer as ArrayBuffer;
    const view = new DataView(buffer);
    const n = view.getUint32(0, true);
    if (n !== route.length) throw new Error('replay markers of another route');
    const jsonLength = view.getUint32(4, true);
    const { trips } = JSON.parse(text.decode(payload.subarray(8, 8 + jsonLength))) as {
      trips: ReplayTrip[];
    };
    const at = columnStarts(8 + jsonLength, n, [4, 4, 1]);
    const speedLimit = new Float32Array(buffer, at[0], n);
    for (let i = 0; i < n; i++) if (route.privacy[i]) speedLimit[i] = NaN;
    const marks: StreamMarks = {
      trips,
      speedLimit,
      distance: new Float32Array(buffer, at[1], n),
      event: new Uint8Array(buffer, at[2], n),
    };
    this.done = true;
    this.handlers.marks(marks, route, this.head);
  }

  /** The next n pending bytes in a buffer of their own (aligned for typed views), consumed. */
  private take(n: number): Uint8Array {
    const out = this.copy(n);
    let left = n;
    while (left > 0) {
      const first = this.pending[0];
      if (first.length <= left) {
        this.pending.shift();
        left -= first.length;
      } else {
        this.pending[0] = first.subarray(left);
        left = 0;
      }
    }
    this.pendingBytes -= n;
    return out;
  }

  private peek(n: number): Uint8Array {
    return this.copy(n);
  }

  private copy(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let at = 0;
    for (const piece of this.pending) {
      if (at === n) break;
      const part = piece.subarray(0, n - at);
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}
