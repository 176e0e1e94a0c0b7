/** Document 2 §2.6: a silence longer than this between positions is drawn as a break in the chart. */
export const GAP_MS = 1000;

/**
 * At most this many points come out of a per-second fill (a week at 1 Hz, about 11 MB of columns). Past
 * it every gap gets a single empty point instead: the line still breaks there, but a sparse vehicle over a
 * long period (a year of hourly positions would be ~31.5 M per-second points) stays as small as its data.
 */
export const MAX_FILLED_POINTS = 700_000;

export interface TimeSeries {
  /** epoch ms, ascending */
  time: Float64Array;
  /** NaN: an empty point (no value, drawn as a break) */
  values: Float64Array;
}

const isGap = (time: ArrayLike<number>, i: number) => time[i + 1] - time[i] > GAP_MS;

/**
 * Fills every gap longer than GAP_MS with empty points, one per second after the earlier position, so the
 * chart's time axis stays even and the line breaks where the vehicle sent nothing. When that would pass
 * `maxPoints`, each gap gets one empty point a second after the earlier position (a break, not a fill).
 */
export function fillGaps(
  time: ArrayLike<number>,
  values: ArrayLike<number>,
  lo = 0,
  hi = time.length - 1,
  maxPoints = MAX_FILLED_POINTS,
): TimeSeries {
  let perSecond = 0;
  let breaks = 0;
  for (let i = lo; i <= hi; i++) {
    perSecond += 1;
    breaks += 1;
    if (i < hi && isGap(time, i)) {
      perSecond += Math.ceil((time[i + 1] - time[i]) / GAP_MS) - 1;
      breaks += 1;
    }
  }
  const fill = perSecond <= maxPoints;
  const count = fill ? perSecond : breaks;
  const outTime = new Float64Array(count);
  const outValues = new Float64Array(count);
  let k = 0;
  for (let i = lo; i <= hi; i++) {
    outTime[k] = time[i];
    outValues[k] = values[i];
    k += 1;
    if (i < hi && isGap(time, i)) {
      const last = fill ? time[i + 1] : time[i] + 2 * GAP_MS;
      for (let t = time[i] + GAP_MS; t < last && t < time[i + 1]; t += GAP_MS) {
        outTime[k] = t;
        outValues[k] = NaN;
        k += 1;
      }
    }
  }
  return { time: outTime, values: outValues };
}
