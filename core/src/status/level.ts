/** Colour of a level gauge (power, battery, fuel): green above `high`, orange above `low`, red otherwise. */
export type LevelColor = 'green' | 'orange' | 'red';

export interface LevelThresholds {
  high: number;
  low: number;
}

export function levelColor(value: number, { high, low }: LevelThresholds): LevelColor {
  if (value > high) return 'green';
  if (value > low) return 'orange';
  return 'red';
}
