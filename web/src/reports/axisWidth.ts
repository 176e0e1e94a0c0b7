/**
 * The width (px) a chart's value axis needs for its longest label, so that "1 500 000" is not cut to
 * "500 000": the axis' top tick is at most a quarter above the largest value (the chart rounds it up to a
 * round figure), and a label takes about 9 px per character at the axis' 14 px font, plus the tick.
 */
export function axisWidth(largest: number, format: (value: number) => string, least = 40): number {
  const top = Math.max(0, largest) * 1.25;
  const label = format(top >= 10 ? Math.ceil(top) : top);
  return Math.max(least, 16 + 9 * label.length);
}
