import {
  type DotItemDotProps,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { zonedDateTime } from '@frota/core';
import { fuelText, isolated, lineKey, type ChartModel } from './chartSeries';
import { axisKind, timeTicks } from './axes';
import { DEFAULT_TIMEZONE } from '../common/formatters';

interface Props {
  model: ChartModel;
  series: string[];
  labels: Record<string, string>;
  colours: Record<string, string>;
  timezone: string;
  fuelCapacity: number | null;
  fuelType: number | null;
  /** length of the stretch in days: ticks show the date beyond one day */
  days: number;
}

/** The replay chart (recharts, its own chunk): one line and axis per series over the stretch's time. */
export function ReplayChart({
  model,
  series,
  labels,
  colours,
  timezone,
  fuelCapacity,
  fuelType,
  days,
}: Props) {
  const when = (t: number) => zonedDateTime(t, timezone, DEFAULT_TIMEZONE);
  const tick = (t: number) => {
    const text = when(t);
    return days > 1 ? `${text.slice(0, 5)} ${text.slice(11, 16)}` : text.slice(11, 16);
  };
  // the user's clock's offset from UTC over the stretch, for ticks on its whole minutes and hours
  const first = model.rows[0]?.t ?? 0;
  const last = model.rows[model.rows.length - 1]?.t ?? first;
  const shown = when(first);
  const offsetMs =
    Math.round(
      (Date.UTC(
        Number(shown.slice(6, 10)),
        Number(shown.slice(3, 5)) - 1,
        Number(shown.slice(0, 2)),
        Number(shown.slice(11, 13)),
        Number(shown.slice(14, 16)),
      ) -
        first) /
        60_000,
    ) * 60_000;
  const ticks = timeTicks(first, last, offsetMs);
  const valueText = (name: string, value: number) => {
    const kind = axisKind(name);
    if (kind === 'fuel') return fuelText(value, fuelCapacity, fuelType);
    if (kind === 'speed') return `${Math.round(value)} km/h`;
    if (kind === 'temperature') return `${value.toFixed(1)} °C`;
    return String(Math.round(value * 100) / 100);
  };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={model.rows} margin={{ top: 10, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={tick}
          ticks={ticks}
          minTickGap={24}
        />
        {series.map((name, i) => (
          <YAxis
            key={name}
            yAxisId={name}
            domain={model.axes[name]}
            orientation={i === 1 ? 'right' : 'left'}
            hide={i > 1}
            width={44}
            // every tick labelled (recharts drops some to avoid crowding: "0 10 20 40" lost its 30)
            interval={0}
            tickCount={5}
            allowDataOverflow
            stroke={colours[name]}
          />
        ))}
        <Tooltip
          labelFormatter={(t) => when(Number(t))}
          formatter={(_value, name, item) => {
            // the recorded value at that moment (the line between records is drawn, not recorded)
            const recorded = (item.payload as Record<string, number | null>)[String(name)];
            return [
              recorded === null || recorded === undefined ? '—' : valueText(String(name), recorded),
              labels[String(name)] ?? String(name),
            ];
          }}
        />
        {series.map((name) => (
          <Line
            key={name}
            yAxisId={name}
            dataKey={lineKey(name)}
            name={name}
            type="linear"
            dot={(props: DotItemDotProps) =>
              isolated(model.rows, props.index, lineKey(name)) ? (
                <circle key={props.index} cx={props.cx} cy={props.cy} r={2} fill={colours[name]} />
              ) : (
                <g key={props.index} />
              )
            }
            stroke={colours[name]}
            strokeWidth={1.5}
            isAnimationActive={false}
            connectNulls={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
