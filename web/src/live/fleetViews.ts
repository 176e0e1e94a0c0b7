import { indexBy } from '../api/indexBy';
import type { Device, Driver } from '../api/types';
import type { LivePosition, VehicleView } from './types';
import { buildVehicleViews } from './vehicleView';

/**
 * The fleet's view models between flushes (kept by useFleet): the latest position of each device and the
 * view of each vehicle, indexed once and then updated in place. A flush writes the entries it changed
 * rather than two new indexes of the whole fleet, which with 10,000 vehicles cost more than the views it
 * builds. Like LastResult it is a cache: what it holds decides how much work a result takes, never the
 * result (views are reused only when made from the same device, position, drivers and clock).
 */
export class FleetViews {
  private positionList: readonly LivePosition[] | null = null;
  private positions = new Map<number, LivePosition>();
  private devices: readonly Device[] | null = null;
  private views = new Map<number, VehicleView>();

  /** The latest position of each device: only the positions not already held are written. */
  private positionsOf(list: readonly LivePosition[]): ReadonlyMap<number, LivePosition> {
    if (list === this.positionList) return this.positions;
    const shorter = this.positionList !== null && list.length < this.positionList.length;
    this.positionList = list;
    if (!shorter) {
      for (const position of list)
        if (this.positions.get(position.deviceId) !== position)
          this.positions.set(position.deviceId, position);
      // As many devices as positions: none is left from a position the list no longer has.
      if (this.positions.size === list.length) return this.positions;
    }
    this.positions = indexBy(list, (position) => position.deviceId);
    return this.positions;
  }

  build(
    devices: readonly Device[],
    positionList: readonly LivePosition[],
    drivers: ReadonlyMap<number, Driver>,
    now: Date,
  ): VehicleView[] {
    const views = buildVehicleViews(devices, this.positionsOf(positionList), drivers, now, this.views);
    if (devices !== this.devices) {
      this.devices = devices;
      this.views = indexBy(views, (view) => view.id);
    } else {
      for (const view of views) if (this.views.get(view.id) !== view) this.views.set(view.id, view);
    }
    return views;
  }
}
