import { axisDomain, axisKind, type AxisDomain, type AxisKind } from './axes';
import { fillGaps } from './gapFill';
import type { Bounds, ReplayData } from './types';
import { KNOTS_TO_KMH } from './units';

/** Points per series the chart draws at most about (×3: the low, the high and a break per bucket). */
export const CHART_BUCKETS = 400;

const KIND_ORDER: AxisKind[] = ['speed', 'rpm', 'temperature', 'fuel', 'other'];

/** Values of a series in chart units: speed in km/h, the rest as stored (fuel in % of the tank). */
export function seriesValues(data: ReplayData, name: string): Float64Array | undefined {
  if (name !== 'speed') return data.series[name];
  const kmh = new Float64Array(data.length);
  for (let i = 0; i < data.length; i++) kmh[i] = data.speed[i] * KNOTS_TO_KMH;
  return kmh;
}

/**
 * Attributes that are not readings over time: the distance column, the odometers and hour meters (a rising
 * count), and the trackers' bookkeeping (a record's priority, event id, sequence number, archive flag).
 */
const NOT_CHARTED = new Set([
  'speed',
  'distance',
  'totalDistance',
  'odometer',
  'io16',
  'io192',
  'hours',
  'priority',
  'event',
  'index',
  'archive',
  'status',
  // an identifier, not a reading
  'driverId',
]);

/**
 * Teltonika IO ids the server also stores under a name (the protocol's "Common IO ids"): the named series
 * is offered ("Alimentação (V)" for power), its raw twin (io66, in millivolts) is not; likewise the GNSS
 * speed (io24, the speed line's twin) and the green-driving event's value (io254, not a reading).
 */
const NAMED_TELTONIKA_IO = new Set(
  [
    1, 2, 3, 4, 9, 10, 17, 18, 19, 21, 24, 31, 32, 36, 66, 67, 68, 69, 72, 73, 74, 75, 78, 81, 83, 84, 85, 87,
    89, 113, 179, 180, 181, 182, 199, 200, 236, 239, 240, 241, 246, 247, 249, 251, 252, 253, 254,
  ].map((id) => `io${id}`),
);

/** The series the period offers: speed, rpm, temperatures, fuel, then the other numeric attributes. */
export function availableSeries(data: ReplayData): string[] {
  const names = data.seriesNames.filter((name) => !NOT_CHARTED.has(name) && !NAMED_TELTONIKA_IO.has(name));
  names.sort(
    (a, b) => KIND_ORDER.indexOf(axisKind(a)) - KIND_ORDER.indexOf(axisKind(b)) || a.localeCompare(b),
  );
  return ['speed', ...names];
}

/** Switches a series on or off; the last one on stays on (document 2 §2.6). */
export function toggleSeries(selected: readonly string[], name: string): string[] {
  if (!selected.includes(name)) return [...selected, name];
  return selected.length > 1 ? selected.filter((s) => s !== name) : [...selected];
}

export type ChartRow = { t: number } & Record<string, number | null>;

export interface ChartModel {
  rows: ChartRow[];
  axes: Record<string, AxisDomain>;
}

/**
 * The rows the chart draws for the selection: the positions with gaps over a second filled with empty
 * points, cut into CHART_BUCKETS runs of which each keeps, per series, its lowest and highest position and
 * its first empty point. Private positions are already NaN, so they show as breaks.
 */
export function chartModel(
  data: ReplayData,
  bounds: Bounds,
  selected: readonly string[],
  buckets = CHART_BUCKETS,
): ChartModel {
  const series = selected
    .map((name) => ({ name, values: seriesValues(data, name) }))
    .filter((s): s is { name: string; values: Float64Array } => !!s.values);
  const indexes = new Float64Array(data.length);
  for (let i = 0; i < indexes.length; i++) indexes[i] = i;
  const filled = fillGaps(data.time, indexes, bounds.lo, bounds.hi);
  const n = filled.time.length;
  const size = Math.max(1, n / buckets);
  const kept: number[] = [];
  for (let start = 0; start < n;) {
    const end = Math.min(n, Math.max(start + 1, Math.floor(start + size)));
    const pick = new Set<number>();
    let empty = -1;
    for (const { values } of series) {
      let min = -1;
      let max = -1;
      for (let k = start; k < end; k++) {
        const i = filled.values[k];
        const value = Number.isNaN(i) ? NaN : values[i];
        if (Number.isNaN(value)) {
          if (empty < 0) empty = k;
          continue;
        }
        if (min < 0 || value < values[filled.values[min]]) min = k;
        if (max < 0 || value > values[filled.values[max]]) max = k;
      }
      if (min >= 0) pick.add(min);
      if (max >= 0) pick.add(max);
    }
    if (empty >= 0) pick.add(empty);
    kept.push(...[...pick].sort((a, b) => a - b));
    start = end;
  }
  const filler = new Set<ChartRow>();
  const rows = kept.map((k) => {
    const i = filled.values[k];
    const row: ChartRow = { t: filled.time[k] } as ChartRow;
    if (Number.isNaN(i)) filler.add(row);
    for (const { name, values } of series) {
      const value = Number.isNaN(i) ? NaN : values[i];
      row[name] = Number.isNaN(value) ? null : value;
    }
    return row;
  });
  for (const { name } of series) bridgeShortSilences(rows, name, filler);
  const axes: Record<string, AxisDomain> = {};
  for (const { name, values } of series) {
    axes[name] = axisDomain(axisKind(name), values.subarray(bounds.lo, bounds.hi + 1));
  }
  return { rows, axes };
}

/** A silence up to this long is a tracker's normal pace (10 s driving, a minute parked): its line goes on. */
export const LINE_BRIDGE_MS = 5 * 60_000;

/** The key of a series' drawn line: its values, with the empty points of short silences bridged. */
export const lineKey = (name: string): string => `${name}~line`;

/**
 * The drawn line of a series (`lineKey`). The empty points stay in the series itself (document 2 §2.6: gaps
 * over a second are filled with empty points, which tooltips and tests read), but the line is drawn straight
 * across a silence of up to LINE_BRIDGE_MS between two values — a tracker reporting every 10 s would
 * otherwise show as loose dots — and breaks at longer silences and at private positions (not fillers).
 */
function bridgeShortSilences(rows: ChartRow[], name: string, filler: ReadonlySet<ChartRow>): void {
  const key = lineKey(name);
  let before = -1;
  for (let k = 0; k < rows.length; k++) {
    const value = rows[k][name];
    if (value !== null) {
      rows[k][key] = value;
      before = k;
      continue;
    }
    rows[k][key] = null;
    if (before < 0 || !filler.has(rows[k])) continue;
    let after = k + 1;
    while (after < rows.length && rows[after][name] === null && filler.has(rows[after])) after++;
    if (after >= rows.length || rows[after][name] === null) continue;
    const from = rows[before];
    const to = rows[after];
    if (to.t - from.t > LINE_BRIDGE_MS) continue;
    for (let j = k; j < after; j++) {
      const share = (rows[j].t - from.t) / (to.t - from.t);
      rows[j][key] = (from[name] as number) + share * ((to[name] as number) - (from[name] as number));
    }
    k = after - 1;
  }
}

/**
 * Whether a row's value stands alone between empty points: a line cannot show it, so the chart marks it
 * with a dot (positions further apart than a second are drawn as dots, as their gaps are filled).
 */
export function isolated(rows: readonly ChartRow[], index: number, name: string): boolean {
  if (rows[index]?.[name] === null || rows[index]?.[name] === undefined) return false;
  const before = index > 0 ? rows[index - 1][name] : null;
  const after = index < rows.length - 1 ? rows[index + 1][name] : null;
  return before === null && after === null;
}

/** Fuel in % of the tank with the approximate amount: litres, or kW for an electric vehicle (fuelType 1). */
export function fuelText(
  percent: number,
  capacity: number | null | undefined,
  fuelType: number | null | undefined,
): string {
  const pct = `${Math.round(percent)} %`;
  if (!capacity || capacity <= 0) return pct;
  const amount = Math.round((percent * capacity) / 100);
  return `${pct} (≈ ${amount} ${fuelType === 1 ? 'kW' : 'L'})`;
}
