/**
 * The replay route in binary columns (format `packed` of POST /report/report_routechartdata.php): what the
 * map draws and plays, without JSON. A week at 1 Hz is 604,800 positions; as JSON its ten columns are
 * tens of megabytes to write and to parse, here they are typed arrays the browser reads in place.
 *
 * Layout (little-endian): the 4 bytes `FRP1`, a uint32 header length, the header as UTF-8 JSON
 * ({length, events, …the caller's fields}), then the columns in COLUMNS order, each starting on an 8-byte
 * boundary. Ids and times are sent as differences from the previous position (small, repeated numbers
 * that compress well); coordinates as whole micro-degrees in an Int32 (NO_PLACE where hidden).
 */

export const PACKED_MAGIC = 'FRP1';
/** Int32 micro-degrees standing for "no place" (a private position hidden from the user). */
export const NO_PLACE = -2147483648;

export interface RouteColumns {
  length: number;
  id: ArrayLike<number>;
  /** epoch milliseconds */
  fixTime: ArrayLike<number>;
  /** degrees; NaN where hidden */
  latitude: ArrayLike<number>;
  longitude: ArrayLike<number>;
  /** knots */
  speed: ArrayLike<number>;
  course: ArrayLike<number>;
  /** metres from the previous position */
  distance: ArrayLike<number>;
  /** km/h, NaN for none */
  speedLimit: ArrayLike<number>;
  /** 0 none, else 1 + the index in the header's `events` */
  event: ArrayLike<number>;
  /** 1 private */
  privacy: ArrayLike<number>;
}

export interface UnpackedRoute {
  length: number;
  id: Float64Array;
  fixTime: Float64Array;
  latitude: Float64Array;
  longitude: Float64Array;
  speed: Float32Array;
  course: Float32Array;
  distance: Float32Array;
  speedLimit: Float32Array;
  event: Uint8Array;
  privacy: Uint8Array;
}

type Kind = 'delta' | 'micro' | 'f32' | 'u8';
const COLUMNS: Array<[keyof Omit<RouteColumns, 'length'>, Kind]> = [
  ['id', 'delta'],
  ['fixTime', 'delta'],
  ['latitude', 'micro'],
  ['longitude', 'micro'],
  ['speed', 'f32'],
  ['course', 'f32'],
  ['distance', 'f32'],
  ['speedLimit', 'f32'],
  ['event', 'u8'],
  ['privacy', 'u8'],
];
const WIDTH: Record<Kind, number> = { delta: 8, micro: 4, f32: 4, u8: 1 };

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** Packs the columns with a JSON header; `header.length` and `header.events` are written by this. */
export function packRoute(
  header: Record<string, unknown>,
  events: readonly string[],
  c: RouteColumns,
): Uint8Array {
  const n = c.length;
  const head = new TextEncoder().encode(JSON.stringify({ ...header, length: n, events }));
  let size = align8(8 + head.length);
  const starts = COLUMNS.map(([, kind]) => {
    const at = size;
    size = align8(size + n * WIDTH[kind]);
    return at;
  });
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(PACKED_MAGIC), 0);
  view.setUint32(4, head.length, true);
  out.set(head, 8);
  COLUMNS.forEach(([name, kind], k) => {
    const source = c[name];
    const at = starts[k];
    if (kind === 'delta') {
      const target = new Float64Array(out.buffer, at, n);
      let previous = 0;
      for (let i = 0; i < n; i++) {
        target[i] = source[i] - previous;
        previous = source[i];
      }
    } else if (kind === 'micro') {
      const target = new Int32Array(out.buffer, at, n);
      for (let i = 0; i < n; i++) {
        const v = source[i];
        target[i] = Number.isFinite(v) ? Math.round(v * 1e6) : NO_PLACE;
      }
    } else if (kind === 'f32') new Float32Array(out.buffer, at, n).set(source);
    else new Uint8Array(out.buffer, at, n).set(source);
  });
  return out;
}

/** Reads a packed route: the header (as sent) and the columns as typed arrays. */
export function unpackRoute<H extends { length: number; events: string[] }>(
  buffer: ArrayBuffer,
): { header: H; columns: UnpackedRoute } {
  const bytes = new Uint8Array(buffer);
  if (buffer.byteLength < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== PACKED_MAGIC)
    throw new Error('not a packed route');
  const headLength = new DataView(buffer).getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headLength))) as H;
  const n = header.length;
  let at = align8(8 + headLength);
  const columns: Record<string, unknown> = { length: n };
  for (const [name, kind] of COLUMNS) {
    if (at + n * WIDTH[kind] > buffer.byteLength) throw new Error('truncated packed route');
    if (kind === 'delta') {
      const deltas = new Float64Array(buffer, at, n);
      const values = new Float64Array(n);
      let sum = 0;
      for (let i = 0; i < n; i++) values[i] = sum += deltas[i];
      columns[name] = values;
    } else if (kind === 'micro') {
      const micro = new Int32Array(buffer, at, n);
      const values = new Float64Array(n);
      for (let i = 0; i < n; i++) values[i] = micro[i] === NO_PLACE ? NaN : micro[i] / 1e6;
      columns[name] = values;
    } else if (kind === 'f32') columns[name] = new Float32Array(buffer, at, n);
    else columns[name] = new Uint8Array(buffer, at, n);
    at = align8(at + n * WIDTH[kind]);
  }
  return { header, columns: columns as unknown as UnpackedRoute };
}
