import { isBlankedPosition } from '@frota/core';

/**
 * Where the replay's map starts before a route is asked for: the fleet's latest positions the user may
 * see ([longitude, latitude]). A private vehicle's position comes blanked (at 0, 0) and is left out, or the
 * view would stretch from Luanda to the Gulf of Guinea.
 */
export function fleetPoints(
  positions: ReadonlyArray<{
    latitude: number;
    longitude: number;
    attributes: Record<string, unknown> | null;
  }>,
): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (const p of positions) if (!isBlankedPosition(p)) points.push([p.longitude, p.latitude]);
  return points;
}
