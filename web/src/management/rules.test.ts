import { describe, expect, it } from 'vitest';
import { captureCrop, fileTypeOf, formatDay, inPeriod, periodStart } from './rules';

describe('management list periods (document 3 §2)', () => {
  it('starts a period of months on the same day, clamped to short months', () => {
    expect(periodStart('total', '2026-11-25')).toBeNull();
    expect(periodStart('1', '2026-11-25')).toBe('2026-10-25');
    expect(periodStart('12', '2026-11-25')).toBe('2025-11-25');
    expect(periodStart('60', '2026-11-25')).toBe('2021-11-25');
    expect(periodStart('1', '2026-03-31')).toBe('2026-02-28');
  });

  it('includes the first day of the period', () => {
    expect(inPeriod('2026-10-25', '2026-10-25')).toBe(true);
    expect(inPeriod('2026-10-24', '2026-10-25')).toBe(false);
    expect(inPeriod(null, '2026-10-25')).toBe(false);
    expect(inPeriod(null, null)).toBe(true);
  });
});

describe('management formats and files', () => {
  it('shows calendar days as DD/MM/YYYY', () => {
    expect(formatDay('2026-02-03')).toBe('03/02/2026');
    expect(formatDay('2026-02-03T10:00:00Z')).toBe('03/02/2026');
    expect(formatDay(null)).toBe('');
  });

  it('accepts pdf, jpg and png by type or name only', () => {
    expect(fileTypeOf('a.pdf', 'application/pdf')).toBe('pdf');
    expect(fileTypeOf('photo.JPEG', '')).toBe('jpg');
    expect(fileTypeOf('scan.png', 'image/png')).toBe('png');
    expect(fileTypeOf('virus.exe', 'application/x-msdownload')).toBeNull();
    expect(fileTypeOf('notes.txt', 'text/plain')).toBeNull();
  });
});

describe('document camera capture size (document 3 §5)', () => {
  it('gives 2000x1500 for a landscape frame, cropping the centre to 4:3', () => {
    expect(captureCrop(640, 480)).toEqual({ width: 2000, height: 1500, sx: 0, sy: 0, sw: 640, sh: 480 });
    expect(captureCrop(1920, 1080)).toEqual({
      width: 2000,
      height: 1500,
      sx: 240,
      sy: 0,
      sw: 1440,
      sh: 1080,
    });
  });

  it('gives 1500x2000 for a portrait frame', () => {
    const crop = captureCrop(720, 1280);
    expect([crop.width, crop.height]).toEqual([1500, 2000]);
    expect(crop.sw / crop.sh).toBeCloseTo(0.75, 2);
    expect(crop.sy).toBe(Math.round((1280 - crop.sh) / 2));
  });
});
