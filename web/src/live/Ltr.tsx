import type { ReactNode } from 'react';

/**
 * Numbers with units, plates, coordinates and dates kept left to right inside right-to-left text
 * ("46 km/h" would otherwise read "km/h 46" in Arabic).
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/**
 * A number with its unit: isolated, in the direction of its unit ("46 km/h" left to right on an Arabic page,
 * "46 كم/س" right to left, as Arabic writes it).
 */
export function Measure({ children }: { children: ReactNode }) {
  return <bdi>{children}</bdi>;
}
