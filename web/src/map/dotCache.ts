/**
 * Where the dense view's dots are kept as a picture (see pointLayer): in software WebGL, drawing 10,000
 * overlapping dots costs more than the rest of a frame, yet a pan only shifts them. So the dots are drawn
 * once into a texture, pixel for pixel as on screen, over the part of the world around the view they cover;
 * frames that keep the zoom (and have no bearing or pitch) draw that texture as one quad. The frames of a
 * zoom in motion draw it scaled, as the map scales its tiles, and the frame after the zoom comes to rest
 * draws the dots anew at their size.
 */

/** World units (Web Mercator, 0..1 across the world): west x0, north y0, east x1, south y1. */
export interface WorldBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * How a frame maps world units to the drawing buffer's pixels when it is neither turned nor tilted:
 * px = sx * x + ox, py = sy * y + oy (GL pixels: y up, so sy is negative). Null otherwise.
 */
export interface ScreenAxes {
  sx: number;
  ox: number;
  sy: number;
  oy: number;
}

const tiny = (value: number, scale: number) => Math.abs(value) <= Math.abs(scale) * 1e-9;

/** The axes of a column-major world-to-clip matrix for a `width` x `height` buffer, or null. */
export function screenAxes(m: ArrayLike<number>, width: number, height: number): ScreenAxes | null {
  const w = m[15];
  if (!(w > 0) || !tiny(m[1], m[0]) || !tiny(m[4], m[5]) || !tiny(m[3], w * m[0]) || !tiny(m[7], w * m[5]))
    return null;
  return {
    sx: ((m[0] / w) * width) / 2,
    ox: ((m[12] / w + 1) * width) / 2,
    sy: ((m[5] / w) * height) / 2,
    oy: ((m[13] / w + 1) * height) / 2,
  };
}

/** The part of the world a `width` x `height` buffer shows. */
export function viewOf(axes: ScreenAxes, width: number, height: number): WorldBox {
  const xa = -axes.ox / axes.sx;
  const xb = (width - axes.ox) / axes.sx;
  const ya = -axes.oy / axes.sy;
  const yb = (height - axes.oy) / axes.sy;
  return { x0: Math.min(xa, xb), y0: Math.min(ya, yb), x1: Math.max(xa, xb), y1: Math.max(ya, yb) };
}

export function intersect(a: WorldBox, b: WorldBox): WorldBox | null {
  const box = {
    x0: Math.max(a.x0, b.x0),
    y0: Math.max(a.y0, b.y0),
    x1: Math.min(a.x1, b.x1),
    y1: Math.min(a.y1, b.y1),
  };
  return box.x0 < box.x1 && box.y0 < box.y1 ? box : null;
}

export const contains = (outer: WorldBox, inner: WorldBox): boolean =>
  outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;

/** A box grown by `fraction` of its width and height on every side. */
export function grown(box: WorldBox, fraction: number): WorldBox {
  const dx = (box.x1 - box.x0) * fraction;
  const dy = (box.y1 - box.y0) * fraction;
  return { x0: box.x0 - dx, y0: box.y0 - dy, x1: box.x1 + dx, y1: box.y1 + dy };
}

/** A picture of the dots: the world box it covers and its size in pixels (texels are screen pixels). */
export interface DotPicture {
  box: WorldBox;
  width: number;
  height: number;
}

/** How far around the view a picture reaches, as a fraction of the view on each side. */
export const PICTURE_MARGIN = 0.5;

const down = (px: number) => Math.floor(px + 1e-6);
const up = (px: number) => Math.ceil(px - 1e-6);

/**
 * The picture to draw for a frame: the dots' box (already grown by a dot's reach) within the view grown by
 * PICTURE_MARGIN, or within the view alone when that would be larger than `maxPixels` or `maxSide`; its
 * edges on whole pixels of this frame, so that its texels fall on the screen's pixels. An empty picture
 * (no pixels) when no dot is near the view; null when even the view is too large for a texture.
 */
export function pictureFor(
  axes: ScreenAxes,
  width: number,
  height: number,
  dots: WorldBox,
  limits: { maxPixels: number; maxSide: number },
): DotPicture | null {
  const view = viewOf(axes, width, height);
  for (const margin of [PICTURE_MARGIN, 0]) {
    const box = intersect(dots, grown(view, margin));
    if (!box) return { box: { x0: 0, y0: 0, x1: 0, y1: 0 }, width: 0, height: 0 };
    // Whole pixels: x runs with px, y against it (sy < 0 in GL pixels); an edge a rounding error past a
    // pixel's border stays on it.
    const px0 = down(axes.sx * box.x0 + axes.ox);
    const px1 = up(axes.sx * box.x1 + axes.ox);
    const pyTop = up(axes.sy * box.y0 + axes.oy);
    const pyBottom = down(axes.sy * box.y1 + axes.oy);
    const w = px1 - px0;
    const h = pyTop - pyBottom;
    if (w * h > limits.maxPixels || w > limits.maxSide || h > limits.maxSide) continue;
    return {
      box: {
        x0: (px0 - axes.ox) / axes.sx,
        x1: (px1 - axes.ox) / axes.sx,
        y0: (pyTop - axes.oy) / axes.sy,
        y1: (pyBottom - axes.oy) / axes.sy,
      },
      width: w,
      height: h,
    };
  }
  return null;
}

/** Whether two frames draw at the same scale (the same zoom and pixel ratio; pans leave it alone). */
export const sameScale = (a: ScreenAxes, b: ScreenAxes): boolean =>
  Math.abs(a.sx - b.sx) <= Math.abs(a.sx) * 1e-12 && Math.abs(a.sy - b.sy) <= Math.abs(a.sy) * 1e-12;

/**
 * Whether a picture made at `made` still serves a frame at `axes`: the same scale (zoom and pixel ratio),
 * and every dot near the view inside it.
 */
export function serves(
  picture: DotPicture,
  made: ScreenAxes,
  axes: ScreenAxes,
  width: number,
  height: number,
  dots: WorldBox,
): boolean {
  return sameScale(made, axes) && holdsView(picture, axes, width, height, dots);
}

/** Whether every dot near the view of a frame at `axes` is inside the picture. */
function holdsView(picture: DotPicture, axes: ScreenAxes, width: number, height: number, dots: WorldBox) {
  const needed = intersect(dots, viewOf(axes, width, height));
  return needed === null || contains(picture.box, needed);
}

/**
 * The column-major matrix drawing world units relative to `origin` into the picture (its box filling the
 * clip space, north up).
 */
export function pictureMatrix(box: WorldBox, origin: readonly [number, number]): Float32Array {
  const m = new Float32Array(16);
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  m[0] = 2 / w;
  m[5] = -2 / h;
  m[10] = 1;
  m[12] = (2 * (origin[0] - box.x0)) / w - 1;
  m[13] = 1 - (2 * (origin[1] - box.y0)) / h;
  m[15] = 1;
  return m;
}

/** How far a picture is scaled for the frames of a zoom in motion (a factor either way). */
export const MAX_PICTURE_SCALE = 2;

/**
 * Whether a picture made at `made` can stand, scaled, for a frame of a zoom in motion at `axes`: another
 * scale (the same one is `serves`), at most MAX_PICTURE_SCALE from the picture's, and every dot near the
 * view inside it.
 */
export function servesScaled(
  picture: DotPicture,
  made: ScreenAxes,
  axes: ScreenAxes,
  width: number,
  height: number,
  dots: WorldBox,
): boolean {
  if (sameScale(made, axes) || picture.width === 0) return false;
  const factor = axes.sx / made.sx;
  if (!(factor >= 1 / MAX_PICTURE_SCALE && factor <= MAX_PICTURE_SCALE)) return false;
  return holdsView(picture, axes, width, height, dots);
}
