/**
 * Pure rules of the management screens that only the web needs (the shared ones are in @frota/core):
 * periods of the lists, calendar days shown, the file picker's types and the camera capture size.
 */
import { FILE_TYPES, type FileType } from '@frota/core';

/** The period filters (document 3 §2): the whole history, a count of months, or 5 years. */
export const PERIODS = ['total', '1', '3', '6', '12', '24', '36', '60'] as const;
export type Period = (typeof PERIODS)[number];

/** First day (YYYY-MM-DD) of a period ending today; null for the whole history. */
export function periodStart(period: Period, today: string): string | null {
  if (period === 'total') return null;
  const [year, month, day] = today.split('-').map(Number);
  const months = Number(period);
  const start = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  start.setUTCDate(Math.min(day, lastDay));
  return start.toISOString().slice(0, 10);
}

/** Whether a day is inside the period; the first day counts (inclusive). */
export function inPeriod(day: string | null | undefined, start: string | null): boolean {
  if (start === null) return true;
  return !!day && day.slice(0, 10) >= start;
}

export const FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The stored type of a picked file (by its MIME type, else its name), or null when not accepted. */
export function fileTypeOf(name: string, mime: string): FileType | null {
  const byMime: Record<string, FileType> = {
    'application/pdf': 'pdf',
    'image/jpeg': 'jpg',
    'image/jpg': 'jpg',
    'image/png': 'png',
  };
  if (byMime[mime]) return byMime[mime];
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (extension === 'jpeg') return 'jpg';
  return (FILE_TYPES as readonly string[]).includes(extension) ? (extension as FileType) : null;
}

/** Document 3 §5: the captured photo is 2000x1500 in landscape, 1500x2000 in portrait, JPEG 0.9. */
export const CAPTURE_LONG = 2000;
export const CAPTURE_SHORT = 1500;
export const CAPTURE_QUALITY = 0.9;

export interface Crop {
  width: number;
  height: number;
  /** The part of the camera frame drawn (centred, the output's aspect). */
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** The output size for a camera frame and the centred part of the frame that fills it without distortion. */
export function captureCrop(frameWidth: number, frameHeight: number): Crop {
  const portrait = frameHeight > frameWidth;
  const width = portrait ? CAPTURE_SHORT : CAPTURE_LONG;
  const height = portrait ? CAPTURE_LONG : CAPTURE_SHORT;
  const scale = Math.min(frameWidth / width, frameHeight / height);
  const sw = Math.round(width * scale);
  const sh = Math.round(height * scale);
  return {
    width,
    height,
    sx: Math.round((frameWidth - sw) / 2),
    sy: Math.round((frameHeight - sh) / 2),
    sw,
    sh,
  };
}

/** A calendar day (YYYY-MM-DD, or the day part of a longer text) as DD/MM/YYYY; other text unchanged. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}
