import { IGNITION_COLORS } from './clusterDonut';

/**
 * The dense view's dots as data: one vehicle a dot, placed in Web Mercator, coloured by ignition status,
 * in the vertex layout the point layer uploads (pointLayer.ts), and found again by place for clicks.
 */

/**
 * Dot radius in pixels by zoom (linear between stops), without the rim. Small at the zooms that show a
 * whole fleet: in software WebGL a frame's cost grows with the pixels the dots cover (10,000 dots of 11 px
 * held a pan to about 25 frames a second where dots of 8 px allow over 30).
 */
export const DOT_RADIUS_STOPS: ReadonlyArray<readonly [number, number]> = [
  [4, 2],
  [12, 3.5],
  [16, 6],
];
export const DOT_RIM = 1;

/**
 * The white rim of a dot of `radius` pixels: none on the smallest dots, where a whole fleet crowds into a
 * few pixels and the overlapping rims would wash its colours out.
 */
export const dotRim = (radius: number): number => (radius >= 3 ? DOT_RIM : 0);

export interface Dot {
  id: number;
  longitude: number;
  latitude: number;
  /** ignition status code (0 driving, 1 idle, 2 stopped, 3 offline), the cluster donuts' colours */
  ign: number;
}

/** Web Mercator in world units (0..1 across the world), as MapLibre's projection matrix expects. */
export function mercator(longitude: number, latitude: number): [number, number] {
  const sin = Math.sin((latitude * Math.PI) / 180);
  return [(longitude + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/** Longitude and latitude of a point in world units (the inverse of mercator). */
export function lngLatOf(x: number, y: number): [number, number] {
  return [x * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI];
}

export function dotRadius(zoom: number): number {
  const stops = DOT_RADIUS_STOPS;
  if (zoom <= stops[0][0]) return stops[0][1];
  for (let i = 1; i < stops.length; i++) {
    const [z1, r1] = stops[i];
    if (zoom <= z1) {
      const [z0, r0] = stops[i - 1];
      return r0 + ((r1 - r0) * (zoom - z0)) / (z1 - z0);
    }
  }
  return stops[stops.length - 1][1];
}

const rgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16) / 255,
  parseInt(hex.slice(3, 5), 16) / 255,
  parseInt(hex.slice(5, 7), 16) / 255,
];
const COLOUR_RGB = IGNITION_COLORS.map(rgb);

/**
 * Vertex data: x, y relative to an origin (float32 keeps street-level precision that way; the origin goes
 * into the matrix in double precision) and r, g, b. Five floats a dot.
 */
export class DotBuffer {
  readonly data: Float32Array;
  readonly origin: [number, number];
  /** The vehicle id of each dot, in drawing order (a later dot is drawn over an earlier one). */
  readonly ids: number[];
  private readonly index = new Map<number, number>();
  private box: { x0: number; y0: number; x1: number; y1: number } | null = null;

  constructor(dots: readonly Dot[]) {
    this.origin = dots.length ? mercator(dots[0].longitude, dots[0].latitude) : [0.5, 0.5];
    this.data = new Float32Array(dots.length * 5);
    this.ids = dots.map((dot) => dot.id);
    dots.forEach((dot, i) => {
      this.index.set(dot.id, i);
      this.write(i, dot);
    });
  }

  get count(): number {
    return this.data.length / 5;
  }

  /** Moves one dot (a gliding vehicle); false when the id is not here. */
  move(id: number, longitude: number, latitude: number): boolean {
    const i = this.index.get(id);
    if (i === undefined) return false;
    const [x, y] = mercator(longitude, latitude);
    this.data[i * 5] = x - this.origin[0];
    this.data[i * 5 + 1] = y - this.origin[1];
    this.box = null;
    return true;
  }

  /** Moves and recolours one dot in place (a vehicle a flush changed); false when the id is not here. */
  set(dot: Dot): boolean {
    const i = this.index.get(dot.id);
    if (i === undefined) return false;
    this.write(i, dot);
    this.box = null;
    return true;
  }

  /** The box around every dot's centre in world units (null when there is none). */
  bounds(): { x0: number; y0: number; x1: number; y1: number } | null {
    if (this.box || this.count === 0) return this.box;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let at = 0; at < this.data.length; at += 5) {
      const x = this.data[at];
      const y = this.data[at + 1];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const [ox, oy] = this.origin;
    this.box = { x0: x0 + ox, y0: y0 + oy, x1: x1 + ox, y1: y1 + oy };
    return this.box;
  }

  /** World position (mercator units) of dot `i`. */
  worldAt(i: number): [number, number] {
    return [this.data[i * 5] + this.origin[0], this.data[i * 5 + 1] + this.origin[1]];
  }

  /** The dots inside a box in world units, in drawing order. */
  within(minX: number, minY: number, maxX: number, maxY: number): number[] {
    const found: number[] = [];
    const x0 = minX - this.origin[0];
    const x1 = maxX - this.origin[0];
    const y0 = minY - this.origin[1];
    const y1 = maxY - this.origin[1];
    for (let i = 0, at = 0; at < this.data.length; i++, at += 5) {
      const x = this.data[at];
      const y = this.data[at + 1];
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1) found.push(i);
    }
    return found;
  }

  private write(i: number, dot: Dot): void {
    const [x, y] = mercator(dot.longitude, dot.latitude);
    const [r, g, b] = COLOUR_RGB[dot.ign] ?? COLOUR_RGB[3];
    const at = i * 5;
    this.data[at] = x - this.origin[0];
    this.data[at + 1] = y - this.origin[1];
    this.data[at + 2] = r;
    this.data[at + 3] = g;
    this.data[at + 4] = b;
  }
}
