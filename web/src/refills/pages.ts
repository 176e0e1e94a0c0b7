/** Refill screens by route path (the routes are in area.ts). Built by issue 18. */
import type { PageTable } from '../session/areas';
import { OperatorEditPage } from './OperatorEditPage';
import { OperatorsPage } from './OperatorsPage';
import { RefillCentrePage } from './RefillCentrePage';
import { RefillDevicesPage } from './RefillDevicesPage';
import { RefillEditPage } from './RefillEditPage';
import { StationEditPage } from './StationEditPage';
import { StationsPage } from './StationsPage';
import { VehicleRefillsPage } from './VehicleRefillsPage';

export const REFILL_PAGES: PageTable = {
  '/refills': RefillCentrePage,
  '/management/refills/:id?': VehicleRefillsPage,
  '/management/refill/:id?': RefillEditPage,
  '/settings/refill_operators': OperatorsPage,
  '/settings/refill_operator/:id?': OperatorEditPage,
  '/settings/refill_stations': StationsPage,
  '/settings/refill_station/:id?': StationEditPage,
  '/settings/refill_devices': RefillDevicesPage,
};
