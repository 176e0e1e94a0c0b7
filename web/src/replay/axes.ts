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
