/**
 * The two answer shapes of contract item 1, written as JSON text: position objects (the legacy shape),
 * or columns (one array per field; what the web replay reads for a week at 1 Hz). A column is copied
 * into a plain array of doubles and stringified whole: V8's fastest path for numbers, NaN written null.
 */
import { PRIVACY_BLANKED, packRoute } from '@frota/core';
import { EVENTS, orNull, type PositionColumns } from './positionColumns';
import type { ReplayData } from './replay';

function numbers(column: Float64Array | Uint8Array, length: number): string {
  const plain = new Array<number>(length);
  for (let i = 0; i < length; i++) plain[i] = column[i];
  return JSON.stringify(plain);
}

const EVENT_JSON = ['null', ...EVENTS.map((e) => JSON.stringify(e))];

/** The event column: mostly null, so runs of positions without an event are written in one piece. */
function events(c: PositionColumns): string {
  const parts: string[] = [];
  let run = 0;
  for (let i = 0; i < c.length; i++) {
    const code = c.event[i];
    if (code === 0) {
      run++;
      continue;
    }
    if (run) parts.push('null,'.repeat(run));
    run = 0;
    parts.push(`${EVENT_JSON[code]},`);
  }
  if (run) parts.push('null,'.repeat(run));
  return `[${parts.join('').slice(0, -1)}]`;
}

function seriesObject(c: PositionColumns): string {
  const n = c.length;
  return `{${[...c.series].map(([key, column]) => `${JSON.stringify(key)}:${numbers(column, n)}`).join(',')}}`;
}

/** The columns (format `columns`), or the route without the series (format `route`). */
export function columnsAnswer(data: ReplayData): string {
  const c = data.cols;
  const n = c.length;
  const positions =
    `{"id":${numbers(c.id, n)},"fixTime":${numbers(c.fixTime, n)},` +
    `"latitude":${numbers(c.latitude, n)},"longitude":${numbers(c.longitude, n)},` +
    `"speed":${numbers(c.speed, n)},"course":${numbers(c.course, n)},"distance":${numbers(c.distance, n)},` +
    `"event":${events(c)},"speedLimit":${numbers(c.speedLimit, n)},"privacy":${numbers(c.privacy, n)}` +
    (data.format === 'route' ? '}' : `,"series":${seriesObject(c)}}`);
  return `{"positions":${positions},"trips":${JSON.stringify(data.trips)},"device":${JSON.stringify(data.device)}}`;
}

/** The series alone (format `series`), with the position ids they belong to. */
export const seriesAnswer = (data: ReplayData): string =>
  `{"id":${numbers(data.cols.id, data.cols.length)},"series":${seriesObject(data.cols)}}`;

export function objectsAnswer(data: ReplayData): string {
  const c = data.cols;
  const deviceId = data.device.id;
  const positions = c.attributes.map((attributes, i) => {
    const blanked = c.blankAt(i);
    return {
      id: c.id[i],
      deviceId,
      latitude: orNull(c.latitude[i]),
      longitude: orNull(c.longitude[i]),
      course: c.course[i],
      speed: orNull(c.speed[i]),
      fixTime: new Date(c.fixTime[i]).toISOString(),
      address: c.address[i],
      valid: c.valid[i],
      distance: orNull(c.distance[i]),
      event: c.eventAt(i),
      speedLimit: orNull(c.speedLimit[i]),
      privacy: c.privacy[i],
      // blanked positions' attributes were reduced to core's blankAttributes when read
      attributes: blanked ? { ...attributes, [PRIVACY_BLANKED]: true } : attributes,
    };
  });
  return JSON.stringify({ positions, trips: data.trips, device: data.device });
}

/** The route in binary columns (format `packed`): trips and device in the header. */
export function packedAnswer(data: ReplayData): Buffer {
  const c = data.cols;
  const n = c.length;
  const packed = packRoute({ trips: data.trips, device: data.device }, EVENTS, {
    length: n,
    id: c.id.subarray(0, n),
    fixTime: c.fixTime.subarray(0, n),
    latitude: c.latitude.subarray(0, n),
    longitude: c.longitude.subarray(0, n),
    speed: c.speed.subarray(0, n),
    course: c.course.subarray(0, n),
    distance: c.distance.subarray(0, n),
    speedLimit: c.speedLimit.subarray(0, n),
    event: c.event.subarray(0, n),
    privacy: c.privacy.subarray(0, n),
  });
  return Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
}
