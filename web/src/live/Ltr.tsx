import type { ReactNode } from 'react';

/**
 * Numbers with units, plates, coordinates and dates kept left to right inside right-to-left text
 * ("46 km/h" would otherwise read "km/h 46" in Arabic).
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
