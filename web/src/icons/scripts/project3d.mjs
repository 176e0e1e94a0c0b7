/**
 * A tiny oblique projection for the three-quarter 3D static icons. World axes: x along the vehicle
 * (front at large x, drawn towards the lower left), y across it (the visible flank is the y = max side),
 * z up. Shapes are polygons of 3D points; `render` fits them into the icon and writes SVG paths.
 */
import { r2 } from './svgFile.mjs';

const U = [-0.8, 0.36];
const V = [0.55, 0.3];
/** The world direction that projects onto a single point, pointing at the viewer: faces whose normal agrees with it are visible. */
const TOWARDS_VIEWER = [V[0], -U[0], V[0] * U[1] - U[0] * V[1]];

const project = ([x, y, z]) => [x * U[0] + y * V[0], x * U[1] + y * V[1] - z];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export const INK = '#263238';
export const PAINT = { top: '#fafafa', side: '#e1e7ea', front: '#c2ccd1' };
export const GLASS = { top: '#6b8290', side: '#557080', front: '#48606d' };

/** A polygon in the vertical plane y, given as (x, z) points. */
export const onSide = (points, y) => points.map(([x, z]) => [x, y, z]);
/** A polygon in the vertical plane x (the front), given as (y, z) points. */
export const onFront = (points, x) => points.map(([y, z]) => [x, y, z]);
/** A circle in the vertical plane y (a wheel seen from the side). */
export const sideCircle = (cx, cz, r, y, n = 28) =>
  Array.from({ length: n }, (_, i) => [
    cx + r * Math.cos((2 * Math.PI * i) / n),
    y,
    cz + r * Math.sin((2 * Math.PI * i) / n),
  ]);

export const face = (points, fill, extra = '') => ({ points, fill, extra });

/** Points written as text: 'x z, x z, ...' (or three numbers each). */
export const pts = (text) => text.split(',').map((p) => p.trim().split(/\s+/).map(Number));

/** A wheel on the plane y: tyre and hub. */
export const wheel = (cx, r, y, hub = '#b0bec5') => [
  face(sideCircle(cx, r, r, y), INK),
  face(sideCircle(cx, r, r * 0.48, y + 0.001), hub),
];

const shade = (normal, colors) => {
  const len = Math.hypot(...normal);
  const [nx, , nz] = normal.map((v) => v / len);
  return nz >= nx ? colors.top : colors.front;
};

/**
 * Extrudes a counter-clockwise (x, z) profile across y0..y1. Returns the visible faces, far ones first;
 * `glass` lists edge indices drawn as glass.
 */
export function extrude(profile, y0, y1, { colors = PAINT, glass = [], side = colors.side } = {}) {
  const edges = [];
  profile.forEach(([x, z], i) => {
    const [x2, z2] = profile[(i + 1) % profile.length];
    const normal = [z2 - z, 0, -(x2 - x)];
    if (dot(normal, TOWARDS_VIEWER) <= 1e-9) return;
    const points = [
      [x, y0, z],
      [x2, y0, z2],
      [x2, y1, z2],
      [x, y1, z],
    ];
    const depth = points.reduce((sum, p) => sum + dot(p, TOWARDS_VIEWER), 0);
    edges.push({ depth, f: face(points, shade(normal, glass.includes(i) ? GLASS : colors)) });
  });
  edges.sort((a, b) => a.depth - b.depth);
  return [...edges.map((e) => e.f), face(onSide(profile, y1), side)];
}

/** An axis-aligned box: its three visible faces. */
export const box = (x0, x1, y0, y1, z0, z1, options) =>
  extrude(
    [
      [x0, z0],
      [x1, z0],
      [x1, z1],
      [x0, z1],
    ],
    y0,
    y1,
    options,
  );

/** Fits every face into a size x size icon with a margin and returns the SVG body. */
export function render(faces, size = 100, margin = 5) {
  const projected = faces.map((f) => ({ ...f, points: f.points.map(project) }));
  const all = projected.flatMap((f) => f.points);
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((size - 2 * margin) / (maxX - minX), (size - 2 * margin) / (maxY - minY));
  const dx = (size - (maxX - minX) * scale) / 2 - minX * scale;
  const dy = (size - (maxY - minY) * scale) / 2 - minY * scale;
  const paths = projected.map(({ points, fill, extra }) => {
    const d = points
      .map(([x, y], i) => `${i ? 'L' : 'M'}${r2(x * scale + dx)} ${r2(y * scale + dy)}`)
      .join('');
    return `<path d="${d}Z" fill="${fill}"${extra}/>`;
  });
  return `<g stroke="${INK}" stroke-width="1.4" stroke-linejoin="round">${paths.join('')}</g>`;
}
