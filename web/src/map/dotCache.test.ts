import { describe, expect, it } from 'vitest';
import {
  PICTURE_MARGIN,
  pictureFor,
  pictureMatrix,
  sameScale,
  screenAxes,
  serves,
  servesScaled,
  viewOf,
  type ScreenAxes,
} from './dotCache';

/**
 * A world-to-clip matrix (column-major) as a flat map draws with: `scale` pixels a world unit, the world
 * point (cx, cy) in the middle of a `width` x `height` buffer, w = `w` (MapLibre's perspective keeps it
 * constant on an untilted map).
 */
function flat(scale: number, cx: number, cy: number, width: number, height: number, w = 3): number[] {
  const m = new Array<number>(16).fill(0);
  m[0] = ((2 * scale) / width) * w;
  m[5] = ((-2 * scale) / height) * w;
  m[10] = 1;
  m[12] = ((-2 * scale * cx) / width) * w;
  m[13] = ((2 * scale * cy) / height) * w;
  m[15] = w;
  return m;
}

const W = 800;
const H = 600;
const limits = { maxPixels: 4 * W * H, maxSide: 4096 };

describe('the picture of the dots', () => {
  it('reads pixels per world unit off an untilted, unturned frame, and nothing off others', () => {
    const axes = screenAxes(flat(1000, 0.5, 0.25, W, H), W, H)!;
    expect(axes.sx).toBeCloseTo(1000, 9);
    expect(axes.sy).toBeCloseTo(-1000, 9);
    // The centre lands in the middle of the buffer.
    expect(axes.sx * 0.5 + axes.ox).toBeCloseTo(W / 2, 6);
    expect(axes.sy * 0.25 + axes.oy).toBeCloseTo(H / 2, 6);
    const view = viewOf(axes, W, H);
    expect(view.x0).toBeCloseTo(0.5 - 0.4, 9);
    expect(view.y1).toBeCloseTo(0.25 + 0.3, 9);

    const turned = flat(1000, 0.5, 0.25, W, H);
    turned[1] = 0.2;
    turned[4] = -0.2;
    expect(screenAxes(turned, W, H)).toBeNull();
    const tilted = flat(1000, 0.5, 0.25, W, H);
    tilted[7] = 0.5;
    expect(screenAxes(tilted, W, H)).toBeNull();
  });

  it('covers the dots near the view on whole pixels, within a margin around it', () => {
    const axes = screenAxes(flat(1000, 0.5, 0.5, W, H), W, H)!;
    // Dots across a small box in the view: the picture is that box, its edges on whole pixels.
    const small = pictureFor(axes, W, H, { x0: 0.4503, y0: 0.4701, x1: 0.5102, y1: 0.5307 }, limits)!;
    expect([small.width, small.height]).toEqual([61, 61]);
    for (const px of [axes.sx * small.box.x0 + axes.ox, axes.sx * small.box.x1 + axes.ox])
      expect(Math.abs(px - Math.round(px))).toBeLessThan(1e-6);
    expect(small.box.x0).toBeLessThanOrEqual(0.4503);
    expect(small.box.y1).toBeGreaterThanOrEqual(0.5307);
    // Dots across the world, seen closer: the view and half a view on each side.
    const close = screenAxes(flat(10_000, 0.5, 0.5, W, H), W, H)!;
    const wide = pictureFor(close, W, H, { x0: 0, y0: 0, x1: 1, y1: 1 }, limits)!;
    expect(wide.width).toBe(W * (1 + 2 * PICTURE_MARGIN));
    expect(wide.height).toBe(H * (1 + 2 * PICTURE_MARGIN));
    // Too large for the limits with the margin: the view alone.
    const tight = pictureFor(close, W, H, { x0: 0, y0: 0, x1: 1, y1: 1 }, { ...limits, maxPixels: W * H })!;
    expect([tight.width, tight.height]).toEqual([W, H]);
    expect(
      pictureFor(close, W, H, { x0: 0, y0: 0, x1: 1, y1: 1 }, { maxPixels: 100, maxSide: 10 }),
    ).toBeNull();
    // No dot near the view: an empty picture.
    expect(pictureFor(close, W, H, { x0: 0.9, y0: 0.9, x1: 0.95, y1: 0.95 }, limits)!.width).toBe(0);
  });

  it('serves pans that keep the dots near the view inside it, not another zoom', () => {
    // 10,000 pixels a world unit: the view is 0.08 x 0.06 wide, the picture reaches 0.04 and 0.03 beyond.
    const at = (cx: number, cy: number, scale = 10_000): ScreenAxes =>
      screenAxes(flat(scale, cx, cy, W, H), W, H)!;
    const made = at(0.5, 0.5);
    const dots = { x0: 0, y0: 0, x1: 1, y1: 1 };
    const picture = pictureFor(made, W, H, dots, limits)!;
    expect(sameScale(made, at(0.7, 0.2))).toBe(true);
    expect(serves(picture, made, at(0.53, 0.48), W, H, dots)).toBe(true);
    // Panned further than the margin: part of the view holds dots the picture lacks.
    expect(serves(picture, made, at(0.56, 0.5), W, H, dots)).toBe(false);
    expect(serves(picture, made, at(0.5, 0.5, 10_001), W, H, dots)).toBe(false);
    // Far from the dots: nothing to show, the picture still serves.
    const few = { x0: 0.49, y0: 0.49, x1: 0.51, y1: 0.51 };
    const small = pictureFor(made, W, H, few, limits)!;
    expect(serves(small, made, at(0.9, 0.9), W, H, few)).toBe(true);
  });

  it('stands in, scaled, for the frames of a zoom within twice its scale that it covers', () => {
    const at = (cx: number, cy: number, scale = 10_000): ScreenAxes =>
      screenAxes(flat(scale, cx, cy, W, H), W, H)!;
    const made = at(0.5, 0.5);
    const dots = { x0: 0, y0: 0, x1: 1, y1: 1 };
    const picture = pictureFor(made, W, H, dots, limits)!;
    // Its own scale is for serves; zooming in keeps the view inside it.
    expect(servesScaled(picture, made, made, W, H, dots)).toBe(false);
    expect(servesScaled(picture, made, at(0.5, 0.5, 15_000), W, H, dots)).toBe(true);
    expect(servesScaled(picture, made, at(0.5, 0.5, 20_000), W, H, dots)).toBe(true);
    // Past twice its scale the dots would be blurs: they are drawn anew.
    expect(servesScaled(picture, made, at(0.5, 0.5, 20_001), W, H, dots)).toBe(false);
    // Zooming out to 0.6 still shows what it holds (the view grows into its margin); to 0.4 it would not.
    expect(servesScaled(picture, made, at(0.5, 0.5, 6_000), W, H, dots)).toBe(true);
    expect(servesScaled(picture, made, at(0.5, 0.5, 4_000), W, H, dots)).toBe(false);
    // An empty picture (no dot was near) stands for nothing scaled.
    const far = { x0: 0.9, y0: 0.9, x1: 0.95, y1: 0.95 };
    expect(servesScaled(pictureFor(made, W, H, far, limits)!, made, at(0.5, 0.5, 15_000), W, H, far)).toBe(
      false,
    );
  });

  it('draws the picture box onto the whole clip space, north up', () => {
    const box = { x0: 0.4, y0: 0.2, x1: 0.6, y1: 0.3 };
    const origin: [number, number] = [0.45, 0.25];
    const m = pictureMatrix(box, origin);
    const clip = (x: number, y: number) => [m[0] * (x - origin[0]) + m[12], m[5] * (y - origin[1]) + m[13]];
    const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i], 5));
    close(clip(0.4, 0.2), [-1, 1]);
    close(clip(0.6, 0.3), [1, -1]);
    close(clip(0.5, 0.25), [0, 0]);
  });
});
