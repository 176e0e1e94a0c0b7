/**
 * Driving limits of EU regulation 561/2006 on a list of driving intervals (pure): continuous driving over
 * 4 h 30 without a break of at least 45 minutes, and daily driving over 9 h in a local day. A break is any
 * time not driving (idle, stopped or silent); split breaks (15 + 30 min) are not recognised.
 */
import type { Zone } from '../../../track/timezone';

export const CONTINUOUS_LIMIT_MS = 4.5 * 3_600_000;
export const BREAK_MS = 45 * 60_000;
export const DAILY_LIMIT_MS = 9 * 3_600_000;

export interface DrivingInterval {
  start: number;
  end: number;
  /** who or what drove (driver key or vehicle name), kept on the breach */
  tags: string[];
}

export interface Breach {
  kind: 'continuous' | 'daily';
  start: number;
  end: number;
  drivingMs: number;
  limitMs: number;
  /** the moment the driving time passed the limit */
  exceededAt: number;
  tags: string[];
}

/** Sorted, with touching or overlapping intervals joined. */
export function mergeIntervals(list: DrivingInterval[]): DrivingInterval[] {
  const sorted = list.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: DrivingInterval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) {
      last.end = Math.max(last.end, i.end);
      for (const t of i.tags) if (!last.tags.includes(t)) last.tags.push(t);
    } else out.push({ ...i, tags: [...i.tags] });
  }
  return out;
}

/** Driving intervals grouped into blocks and days; a block or day over its limit is a breach. */
function breaches(groups: DrivingInterval[][], kind: Breach['kind'], limitMs: number): Breach[] {
  const out: Breach[] = [];
  for (const g of groups) {
    let driving = 0;
    let exceededAt: number | undefined;
    const tags: string[] = [];
    for (const i of g) {
      const length = i.end - i.start;
      if (exceededAt === undefined && driving + length > limitMs) exceededAt = i.start + (limitMs - driving);
      driving += length;
      for (const t of i.tags) if (!tags.includes(t)) tags.push(t);
    }
    if (exceededAt !== undefined)
      out.push({
        kind,
        start: g[0].start,
        end: g[g.length - 1].end,
        drivingMs: driving,
        limitMs,
        exceededAt,
        tags,
      });
  }
  return out;
}

/** Blocks of driving separated by breaks of at least BREAK_MS. */
export function continuousBreaches(list: DrivingInterval[]): Breach[] {
  const blocks: DrivingInterval[][] = [];
  for (const i of mergeIntervals(list)) {
    const block = blocks[blocks.length - 1];
    const last = block?.[block.length - 1];
    if (last && i.start - last.end < BREAK_MS) block.push(i);
    else blocks.push([i]);
  }
  return breaches(blocks, 'continuous', CONTINUOUS_LIMIT_MS);
}

/** Driving per local day (intervals split at midnight). */
export function dailyBreaches(list: DrivingInterval[], zone: Zone): Breach[] {
  const days = new Map<number, DrivingInterval[]>();
  for (const i of mergeIntervals(list)) {
    let start = i.start;
    while (start < i.end) {
      const day = zone.startOfDay(start);
      const end = Math.min(i.end, zone.nextDay(start));
      if (!days.has(day)) days.set(day, []);
      days.get(day)!.push({ start, end, tags: i.tags });
      start = end;
    }
  }
  return breaches([...days.values()], 'daily', DAILY_LIMIT_MS);
}

/** Both kinds, by start time (a continuous breach before the daily one of the same start). */
export function drivingBreaches(list: DrivingInterval[], zone: Zone): Breach[] {
  return [...continuousBreaches(list), ...dailyBreaches(list, zone)].sort(
    (a, b) => a.start - b.start || (a.kind === b.kind ? 0 : a.kind === 'continuous' ? -1 : 1),
  );
}
