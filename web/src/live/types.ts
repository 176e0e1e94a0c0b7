import type {
  SortableVehicle,
  StatusInput,
  VehicleFilter,
  VehicleIndicators,
  VehicleStatusInfo,
  WarningReason,
} from '@frota/core';
import type { Device, Position } from '../api/types';

/** The server sends the position's event code at the top level (Traccar's shape). */
export type LivePosition = Position & { event?: number | null };

/** Everything the panel, the map and the popup read about one vehicle, computed once per flush. */
export interface VehicleView {
  id: number;
  device: Device;
  position: LivePosition | null;
  input: StatusInput;
  name: string;
  /** the licence plate, empty when there is none or it is the vehicle's name */
  plate: string;
  groupId: number | null;
  /** The icon category; `default` when the device has none. */
  category: string;
  status: VehicleStatusInfo;
  warnings: readonly WarningReason[];
  indicators: VehicleIndicators;
  /** The status tabs this vehicle is counted under. */
  filters: VehicleFilter[];
  sortable: SortableVehicle;
  driverName: string;
  driverPhone: string;
  /** Normalised text the search box matches (name, plate, identifier, driver). */
  search: string;
  /** Until when (epoch ms) the clock alone changes nothing in this view (core's clockSettledUntil). */
  settledUntil: number;
  /** The driver list the view was built with (to know when it can be reused). */
  drivers?: ReadonlyMap<number, unknown>;
  /** A sample vehicle of the DEMO mode: no menus, no server calls. */
  demo?: boolean;
}

export type StatusTab = VehicleFilter;
