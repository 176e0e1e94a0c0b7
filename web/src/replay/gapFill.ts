/** Document 2 §2.6: a silence longer than this between positions is drawn as a break in the chart. */
export const GAP_MS = 1000;

export interface TimeSeries {
  /** epoch ms, ascending */
  time: Float64Array;
  /** NaN: an empty point (no value, drawn as a break) */
  values: Float64Array;
}

/**
 * Fills every gap longer than GAP_MS with empty points, one per second after the earlier position, so the
 * chart's time axis stays even and the line breaks where the vehicle sent nothing.
 */
export function fillGaps(
  time: ArrayLike<number>,
  values: ArrayLike<number>,
  lo = 0,
  hi = time.length - 1,
): TimeSeries {
  let count = 0;
  for (let i = lo; i <= hi; i++) {
    count += 1;
    if (i < hi && time[i + 1] - time[i] > GAP_MS) count += Math.ceil((time[i + 1] - time[i]) / GAP_MS) - 1;
  }
  const outTime = new Float64Array(count);
  const outValues = new Float64Array(count);
  let k = 0;
  for (let i = lo; i <= hi; i++) {
    outTime[k] = time[i];
    outValues[k] = values[i];
    k += 1;
    if (i < hi && time[i + 1] - time[i] > GAP_MS) {
      for (let t = time[i] + GAP_MS; t < time[i + 1]; t += GAP_MS) {
        outTime[k] = t;
        outValues[k] = NaN;
        k += 1;
      }
    }
  }
  return { time: outTime, values: outValues };
}
