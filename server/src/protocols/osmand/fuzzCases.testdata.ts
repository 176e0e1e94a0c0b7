/**
 * Requests for fuzzing the OsmAnd listener: well-formed fixes as phone apps send them (to mutate), and
 * requests no correct server may store (garbage). Raw bytes, so malformed HTTP can be sent as well.
 */
import type { Random } from '../testing/prng';

/** The devices the fuzzed listener knows; random text never equals them. */
export const KNOWN_IDS = ['phone-1', '864000000000001'] as const;

export interface FuzzRequest {
  kind: string;
  bytes: Buffer;
}

const KEYS = [
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'time',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'charge',
  'valid',
  'driverUniqueId',
  'cell',
  'wifi',
  'ignition',
  'alarm',
  '__proto__',
  'constructor',
  '__proto__[polluted]',
];
/** Not a number, not finite, or out of range (latitude ±90, longitude ±180). */
const NOT_NUMBERS = ['', 'NaN', 'Infinity', '-Infinity', '1e400', 'abc', '1,2', '--1', '½', '%00'];
const BAD_LATITUDES = [...NOT_NUMBERS, '91', '-90.0001', '1e5'];
const BAD_LONGITUDES = [...NOT_NUMBERS, '180.5', '-181', '1e5'];
/** Not a time: unparsable, negative, or beyond the largest date. */
const BAD_TIMES = [
  'abc',
  '-1',
  '1e400',
  '99999999999999999999999',
  '2024-13-45T99:99:99',
  'tomorrow',
  '1714564800s',
];
const TEXT = 'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-_.~!*()%+&=;,:/?@[]{}"\' \\\t\u00e9\u4e2d\u{1f697}';

function text(r: Random, min = 1, max = 12): string {
  const length = min + r.int(max - min + 1);
  return Array.from({ length }, () => [...TEXT][r.int([...TEXT].length)]).join('');
}

/** An id that is never one of KNOWN_IDS. */
const unknownId = (r: Random) => `x${text(r, 2, 40)}`;

const query = (fields: [string, string][]) =>
  fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

export function httpRequest(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Buffer {
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [key, value] of Object.entries(headers)) lines.push(`${key}: ${value}`);
  if (payload) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload ?? Buffer.alloc(0)]);
}

/** The fields of a fix a known device could send. */
function validFields(r: Random, id: string): [string, string][] {
  const fields: [string, string][] = [
    [r.next() < 0.5 ? 'id' : 'deviceid', id],
    ['lat', (-8.8 - r.next() * 0.2).toFixed(6)],
    ['lon', (13.2 + r.next() * 0.2).toFixed(6)],
    ['timestamp', r.pick([String(1714564800 + r.int(1e6)), '2024-05-01T12:00:00Z', '2024-05-01 12:00:00'])],
    ['speed', (r.next() * 60).toFixed(1)],
    ['bearing', String(r.int(360))],
    ['altitude', String(r.int(200))],
    ['accuracy', '5'],
    ['batt', String(r.int(101))],
    ['ignition', String(r.next() < 0.5)],
  ];
  if (r.next() < 0.3) fields.push(['driverUniqueId', `RFID${1000 + r.int(12)}`]);
  if (r.next() < 0.2) fields.push(['cell', '631,2,1234,5678,-70']);
  return fields;
}

function jsonFix(r: Random, id: string | undefined): string {
  const location = () => ({
    timestamp: '2024-05-01T12:00:00Z',
    coords: {
      latitude: -8.8 - r.next() * 0.2,
      longitude: 13.2 + r.next() * 0.2,
      speed: r.next() * 20,
      heading: r.int(360),
      altitude: 10,
      accuracy: 5,
    },
    battery: { level: r.next(), is_charging: r.next() < 0.5 },
    is_moving: r.next() < 0.5,
    extras: { trip: r.int(100) },
  });
  const body: Record<string, unknown> = {
    location: r.next() < 0.3 ? [location(), location()] : location(),
  };
  if (id) body.device_id = id;
  return JSON.stringify(body);
}

/** A well-formed request carrying a fix of a known device: query string, form, or JSON. */
export function validRequest(r: Random): FuzzRequest {
  const id = r.pick(KNOWN_IDS);
  switch (r.int(3)) {
    case 0:
      return { kind: 'query', bytes: httpRequest(r.pick(['GET', 'POST']), `/?${query(validFields(r, id))}`) };
    case 1:
      return {
        kind: 'form',
        bytes: httpRequest(
          'POST',
          '/',
          { 'Content-Type': 'application/x-www-form-urlencoded' },
          query(validFields(r, id)),
        ),
      };
    default:
      return {
        kind: 'json',
        bytes: httpRequest('POST', '/', { 'Content-Type': 'application/json' }, jsonFix(r, id)),
      };
  }
}

/** Random bytes flipped, inserted, removed or repeated anywhere. */
export function mutate(r: Random, bytes: Buffer): Buffer {
  let b = Buffer.from(bytes);
  for (let n = 1 + r.int(4); n > 0; n--) {
    const at = r.int(b.length + 1);
    switch (r.int(4)) {
      case 0:
        if (at < b.length) b[at] ^= 1 + r.int(255);
        break;
      case 1:
        b = Buffer.concat([b.subarray(0, at), r.bytes(1 + r.int(8)), b.subarray(at)]);
        break;
      case 2:
        b = Buffer.concat([b.subarray(0, at), b.subarray(at + 1 + r.int(8))]);
        break;
      default:
        b = Buffer.concat([b.subarray(0, at), b.subarray(at, at + 1 + r.int(16)), b.subarray(at)]);
    }
  }
  return b;
}

/** Bytes as a request target HTTP accepts: anything but visible ASCII (and `#`) percent-encoded. */
const asTarget = (bytes: Buffer) =>
  [...bytes]
    .map((b) =>
      b > 0x20 && b < 0x7f && b !== 0x23 ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** A JSON fix with one value replaced by random JSON, or one key removed. */
function mutateJson(r: Random, text: string): string {
  const root = JSON.parse(text) as unknown;
  const containers: Record<string, unknown>[] = [];
  const walk = (value: unknown) => {
    if (value && typeof value === 'object') {
      containers.push(value as Record<string, unknown>);
      for (const child of Object.values(value)) walk(child);
    }
  };
  walk(root);
  for (let n = 1 + r.int(2); n > 0; n--) {
    const target = r.pick(containers);
    const keys = Object.keys(target);
    if (!keys.length) continue;
    const key = r.pick(keys);
    if (r.next() < 0.3) delete target[key];
    else target[key] = randomJson(r, 2);
  }
  return JSON.stringify(root);
}

/**
 * A valid fix changed so HTTP still frames it (the query, the form or the JSON is what is damaged, with
 * a right Content-Length), or now and then with the raw bytes damaged, framing included.
 */
export function mutatedFix(r: Random): FuzzRequest {
  const id = r.pick(KNOWN_IDS);
  const fields = query(validFields(r, id));
  switch (r.int(5)) {
    case 0:
      return { kind: 'mutated bytes', bytes: mutate(r, validRequest(r).bytes) };
    case 1:
      return {
        kind: 'mutated query',
        bytes: httpRequest(r.pick(['GET', 'POST']), `/?${asTarget(mutate(r, Buffer.from(fields)))}`),
      };
    case 2:
      return {
        kind: 'mutated form',
        bytes: httpRequest(
          'POST',
          r.next() < 0.2 ? `/?id=${id}` : '/',
          { 'Content-Type': r.pick(['application/x-www-form-urlencoded', 'text/plain']) },
          mutate(r, Buffer.from(fields)),
        ),
      };
    case 3:
      return {
        kind: 'mutated JSON text',
        bytes: httpRequest(
          'POST',
          '/',
          { 'Content-Type': 'application/json' },
          mutate(r, Buffer.from(jsonFix(r, id))),
        ),
      };
    default:
      return {
        kind: 'mutated JSON value',
        bytes: httpRequest(
          'POST',
          r.next() < 0.3 ? `/?id=${id}` : '/',
          { 'Content-Type': r.pick(['application/json', 'text/plain']) },
          mutateJson(r, jsonFix(r, id)),
        ),
      };
  }
}

function randomJson(r: Random, depth = 0): unknown {
  switch (r.int(depth > 3 ? 5 : 8)) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick([0, -1, 1e308, -1e-308, 91.5, 2 ** 53 + 0.5, (r.next() - 0.5) * 1e6]);
    case 3:
      return text(r);
    case 4:
      return r.pick(['', '1e999', 'NaN', '2024-01-01', '-5', 'true']);
    case 5:
      return Array.from({ length: r.int(4) }, () => randomJson(r, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      const keys = ['location', 'coords', 'latitude', 'longitude', 'timestamp', 'battery', 'level', 'extras'];
      for (let i = r.int(5); i > 0; i--) {
        object[r.pick([...keys, 'is_moving', 'speed', 'heading', 'activity', 'type', '__proto__'])] =
          randomJson(r, depth + 1);
      }
      return object;
    }
  }
}

/** A request that must never be answered 200 nor stored; `kind` names what is wrong with it. */
export function garbageRequest(r: Random): FuzzRequest {
  const id = r.pick(KNOWN_IDS);
  switch (r.int(10)) {
    case 0:
      return { kind: 'random bytes', bytes: r.bytes(1 + r.int(400)) };
    case 1: {
      const fields: [string, string][] = Array.from({ length: r.int(12) }, () => [
        r.pick(KEYS),
        text(r, 0, 20),
      ]);
      const withoutKnownId = fields.filter(([k]) => k !== 'id' && k !== 'deviceid');
      if (r.next() < 0.5) withoutKnownId.push(['id', unknownId(r)]);
      return { kind: 'random fields', bytes: httpRequest('GET', `/?${query(withoutKnownId)}`) };
    }
    case 2: {
      const fields = validFields(r, id).filter(([k]) => k !== 'lat' && k !== 'lon');
      const roll = r.int(4);
      if (roll === 0) fields.push(['lat', r.pick(BAD_LATITUDES)], ['lon', '13.2']);
      else if (roll === 1) fields.push(['lat', '-8.8'], ['lon', r.pick(BAD_LONGITUDES)]);
      else if (roll === 2)
        fields.push(['location', r.pick(['', ',', '1', 'a,b', '91,0', '0,181', '-8.8;13.2'])]);
      return { kind: 'bad coordinates', bytes: httpRequest('GET', `/?${query(fields)}`) };
    }
    case 3: {
      const fields = validFields(r, id).filter(([k]) => k !== 'timestamp');
      fields.push([r.pick(['timestamp', 'time']), r.pick(BAD_TIMES)]);
      return { kind: 'bad time', bytes: httpRequest('GET', `/?${query(fields)}`) };
    }
    case 4: {
      const json = JSON.stringify(randomJson(r));
      const target = r.next() < 0.5 ? '/' : `/?id=${encodeURIComponent(unknownId(r))}`;
      return {
        kind: 'random JSON',
        bytes: httpRequest('POST', target, { 'Content-Type': 'application/json' }, json),
      };
    }
    case 5: {
      const json = jsonFix(r, id);
      return {
        kind: 'truncated JSON',
        bytes: httpRequest(
          'POST',
          '/',
          { 'Content-Type': 'application/json' },
          json.slice(0, r.int(json.length)),
        ),
      };
    }
    case 6: {
      const fields = validFields(r, id).filter(([k]) => k !== 'id' && k !== 'deviceid');
      fields.push([r.pick(['id', 'deviceid']), unknownId(r)]);
      const form = r.next() < 0.5;
      return {
        kind: 'unknown device',
        bytes: form
          ? httpRequest('POST', '/', { 'Content-Type': 'application/x-www-form-urlencoded' }, query(fields))
          : httpRequest('GET', `/?${query(fields)}`),
      };
    }
    case 7:
      return {
        kind: 'random body',
        bytes: httpRequest(
          'POST',
          '/',
          { 'Content-Type': r.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain']) },
          r.bytes(r.int(300)),
        ),
      };
    case 8:
      return {
        kind: 'other method',
        bytes: httpRequest(r.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS']), `/?${query(validFields(r, id))}`),
      };
    default:
      return { kind: 'malformed HTTP', bytes: malformedHttp(r, id) };
  }
}

function malformedHttp(r: Random, id: string): Buffer {
  const fix = query(validFields(r, id));
  switch (r.int(7)) {
    case 0:
      return Buffer.from(
        `GET ${r.pick(['http://[', '//[::1', 'http://:0/x', '/%zz?%zz', '\u0000'])} HTTP/1.1\r\nHost: x\r\n\r\n`,
        'latin1',
      );
    case 1:
      // the body never arrives whole: the client goes away first
      return Buffer.from(`POST /?${fix} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nid=`, 'latin1');
    case 2:
      return Buffer.from(`GET /?${fix} HTTP/1.1\r\nHost: x\r\nbroken header line\r\n\r\n`, 'latin1');
    case 3:
      return Buffer.from(
        `GET /?${fix} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
        'latin1',
      );
    case 4:
      return Buffer.from(
        `POST /?${fix} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nxx\r\n`,
        'latin1',
      );
    case 5:
      return Buffer.from(
        `POST /?${fix} HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
        'latin1',
      );
    default:
      return Buffer.from(`${text(r, 1, 8)} /?${fix} HTTP/9.9\r\n\r\n`, 'latin1');
  }
}
