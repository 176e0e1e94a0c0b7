/**
 * A counter in seconds as h:mm for the grid (document 3 §2): whole minutes, rounded down, hours not wrapped
 * at 24 (a weekly rest of 45 h shows 45:00). Null, undefined and non-numbers show blank.
 */
export function formatCounter(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '';
  const sign = seconds < 0 ? '-' : '';
  const minutes = Math.floor(Math.abs(seconds) / 60);
  return `${sign}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
