import { describe, expect, it } from 'vitest';
import { DENSE_LIMIT, NAMED_LIMIT, vehicleDrawing } from './vehicleDrawing';

describe('vehicleDrawing', () => {
  it('draws icons with names while few vehicles are in view', () => {
    for (const inView of [0, 1, NAMED_LIMIT])
      expect(vehicleDrawing(5000, inView, true)).toEqual({ dots: false, icons: true, labels: true });
  });

  it('leaves the names out of a crowded view, the icons still drawn', () => {
    for (const inView of [NAMED_LIMIT + 1, DENSE_LIMIT])
      expect(vehicleDrawing(5000, inView, true)).toEqual({ dots: false, icons: true, labels: false });
  });

  it('draws dots, neither icons nor names, above the dense limit', () => {
    expect(vehicleDrawing(5000, DENSE_LIMIT + 1, true)).toEqual({ dots: true, icons: false, labels: false });
  });

  it('draws names only when the settings ask for them', () => {
    expect(vehicleDrawing(10, 10, false)).toEqual({ dots: false, icons: true, labels: false });
  });

  it('draws nothing when no vehicle is listed', () => {
    expect(vehicleDrawing(0, 0, true)).toEqual({ dots: false, icons: false, labels: false });
  });

  it('keeps names under clusters, which count no vehicle in view', () => {
    expect(vehicleDrawing(10_000, 0, true).labels).toBe(true);
  });
});
