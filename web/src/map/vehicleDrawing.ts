/**
 * How the map draws the vehicles of a view, by how many it holds: icons with their names when few, icons
 * alone when crowded, dots in their status colours when too many for icons.
 */

/**
 * Above this many vehicles in view, each is drawn as a dot in its status colour instead of its icon and
 * label: thousands of overlapping icons are unreadable and cost most of the frame when drawn in software.
 * Zooming in (or clustering, map_groupVehicles) brings the icons back.
 */
export const DENSE_LIMIT = 800;

/**
 * Above this many vehicles in view, the icons show without their names. A crowded view places a name for
 * only one vehicle in four or five (the others would overlap), scattered and unreadable among the icons, and
 * drawing them took more of a frame than the icons themselves (software WebGL, 691 icons in view: 85 ms a
 * frame with names, 37 without). Zooming in brings them back.
 */
export const NAMED_LIMIT = 300;

export interface VehicleDrawing {
  dots: boolean;
  icons: boolean;
  labels: boolean;
}

/**
 * What to draw for `listed` vehicles, `inView` of them in the view (counted up to DENSE_LIMIT + 1 at most;
 * 0 while clusters show, which keep views light), names when the settings ask for them.
 */
export function vehicleDrawing(listed: number, inView: number, namesWanted: boolean): VehicleDrawing {
  const any = listed > 0;
  const dots = any && inView > DENSE_LIMIT;
  return {
    dots,
    icons: any && !dots,
    labels: any && namesWanted && inView <= NAMED_LIMIT,
  };
}
