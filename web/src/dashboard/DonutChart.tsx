/**
 * The ring of a dashboard donut (recharts: its own chunk, loaded with the first donut drawn). No tooltip: the
 * legend beside it names and counts every slice, and a tooltip would cover the total in the middle.
 */
import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts';
import type { ColouredSlice } from './statistics';

interface Props {
  slices: ColouredSlice[];
}

export function DonutChart({ slices }: Props) {
  const drawn = slices.filter((slice) => slice.value > 0);
  return (
    <ResponsiveContainer>
      <PieChart>
        <Pie
          data={drawn}
          dataKey="value"
          nameKey="label"
          innerRadius="62%"
          outerRadius="95%"
          paddingAngle={drawn.length > 1 ? 1 : 0}
          isAnimationActive={false}
        >
          {drawn.map((slice) => (
            <Cell key={slice.key} fill={slice.colour} />
          ))}
        </Pie>
      </PieChart>
    </ResponsiveContainer>
  );
}
