/**
 * The web areas, one manifest each (`<area>/area.ts`, see session/areas.ts). This list is the one shared
 * file a new area touches: the router and its lazy screens (pages.ts), the menus, the route gates, the live
 * updates and the permission panel all read it.
 */
import { ALERTS_AREA } from '../alerts/area';
import { CAMERAS_AREA } from '../cameras/area';
import { DASHBOARD_AREA } from '../dashboard/area';
import { LIVE_AREA } from '../live/area';
import { MANAGEMENT_AREA } from '../management/area';
import { PASSENGERS_AREA } from '../passengers/area';
import { REFILLS_AREA } from '../refills/area';
import { REPLAY_AREA } from '../replay/area';
import { REPORTS_AREA } from '../reports/area';
import { routesOf, type AreaManifest } from '../session/areas';
import { SETTINGS_AREA } from '../settings/area';
import { TACHO_AREA } from '../tacho/area';

export const AREAS: readonly AreaManifest[] = [
  LIVE_AREA,
  REPLAY_AREA,
  DASHBOARD_AREA,
  ALERTS_AREA,
  TACHO_AREA,
  REFILLS_AREA,
  MANAGEMENT_AREA,
  CAMERAS_AREA,
  PASSENGERS_AREA,
  REPORTS_AREA,
  SETTINGS_AREA,
];

/** Every route of every area. */
export const ROUTES = routesOf(AREAS);
