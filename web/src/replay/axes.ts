/** Axis ranges of the replay chart (document 2 §2.6). */

export type AxisDomain = [number, number] | ['auto', 'auto'];

const extent = (values: ArrayLike<number>): [number, number] | null => {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min === Infinity ? null : [min, max];
};

const roundUp = (value: number, step: number) => Math.max(step, Math.ceil(value / step) * step);

/** The kind of axis a series gets, by its attribute name. */
export type AxisKind = 'speed' | 'rpm' | 'temperature' | 'fuel' | 'other';

export function axisKind(name: string): AxisKind {
  if (name === 'speed') return 'speed';
  if (name === 'rpm') return 'rpm';
  if (name === 'fuel') return 'fuel';
  if (/^temp\d*$|^temperature/i.test(name)) return 'temperature';
  return 'other';
}

/**
 * Speed from 0 up to its maximum rounded up to the next 10, rpm to the next 100, temperature from its
 * minimum less 3 to its maximum plus 3, fuel 0 to 100 (%); others as the chart finds them.
 */
export function axisDomain(kind: AxisKind, values: ArrayLike<number>): AxisDomain {
  if (kind === 'fuel') return [0, 100];
  const range = extent(values);
  if (kind === 'speed') return [0, roundUp(range?.[1] ?? 0, 10)];
  if (kind === 'rpm') return [0, roundUp(range?.[1] ?? 0, 100)];
  if (kind === 'temperature') return range ? [Math.floor(range[0]) - 3, Math.ceil(range[1]) + 3] : [-3, 3];
  return ['auto', 'auto'];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Steps between time ticks, the smallest that keeps them at most `maxTicks` apart. */
const TICK_STEPS = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
];

/**
 * Time ticks on whole minutes, hours or days of the user's clock (`offsetMs`: its offset from UTC), at
 * most `maxTicks` of them: one label per tick, never the same minute twice.
 */
export function timeTicks(from: number, to: number, offsetMs: number, maxTicks = 7): number[] {
  if (!(to > from)) return [from];
  const span = to - from;
  const step =
    TICK_STEPS.find((s) => span / s <= maxTicks) ?? Math.ceil(span / maxTicks / (24 * HOUR)) * 24 * HOUR;
  const first = Math.ceil((from + offsetMs) / step) * step - offsetMs;
  const ticks: number[] = [];
  for (let t = first; t <= to; t += step) ticks.push(t);
  return ticks;
}
