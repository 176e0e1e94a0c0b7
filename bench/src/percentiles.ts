/** Nearest-rank percentile of unsorted samples, rounded to 0.1 (0 for no samples). */
export function percentile(samples: ArrayLike<number>, p: number): number {
  if (!samples.length) return 0;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank] * 10) / 10;
}
