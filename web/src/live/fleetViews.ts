import { indexBy } from '../api/indexBy';
import type { Device, Driver } from '../api/types';
import type { LivePosition, VehicleView } from './types';
import { buildVehicleViews, vehicleView } from './vehicleView';

/**
 * The fleet's view models between flushes (kept by useFleet): the latest position of each device and the
 * view of each vehicle, indexed once and then updated in place. A flush writes the entries it changed
 * rather than two new indexes of the whole fleet, which with 10,000 vehicles cost more than the views it
 * builds. Like LastResult it is a cache: what it holds decides how much work a result takes, never the
 * result (views are reused only when made from the same device, position, drivers and clock).
 *
 * Positions the live socket brings between flushes can be prepared on arrival (`prepare`): their views are
 * made then, in the small tasks of the socket's messages, and the flush that applies the positions finds
 * them made instead of building 10,000 in the one task that renders it.
 */
export class FleetViews {
  private positionList: readonly LivePosition[] | null = null;
  private positions = new Map<number, LivePosition>();
  private devices: readonly Device[] | null = null;
  private views = new Map<number, VehicleView>();
  /** Views made on arrival for positions no build has applied yet (see prepare). */
  private prepared = new Map<number, VehicleView>();

  /** The latest position of each device: only the positions not already held are written. */
  private positionsOf(list: readonly LivePosition[]): ReadonlyMap<number, LivePosition> {
    if (list === this.positionList) return this.positions;
    const shorter = this.positionList !== null && list.length < this.positionList.length;
    this.positionList = list;
    if (!shorter) {
      // a set costs what a get costs: one lookup per position, changed or not
      for (const position of list) this.positions.set(position.deviceId, position);
      // As many devices as positions: none is left from a position the list no longer has.
      if (this.positions.size === list.length) return this.positions;
    }
    this.positions = indexBy(list, (position) => position.deviceId);
    return this.positions;
  }

  /**
   * Makes the views of vehicles already listed for positions just received, with the devices, drivers and
   * clock of the last build; the flush that applies those positions reuses each one whose position,
   * device, drivers and clock are still those (else it builds the view again, as without this). They are
   * kept apart until then: a build before the flush (the status clock's tick) still shows the positions
   * it was given and leaves them for the flush. Unknown vehicles wait for the flush. Returns the views made.
   */
  prepare(positions: readonly LivePosition[]): VehicleView[] {
    const made: VehicleView[] = [];
    for (const position of positions) {
      const old = this.views.get(position.deviceId);
      if (!old || old.position === position || !old.drivers) continue;
      const drivers = old.drivers as ReadonlyMap<number, Driver>;
      const view = vehicleView(old.device, position, drivers, old.input.now, old);
      view.drivers = old.drivers;
      this.prepared.set(view.id, view);
      made.push(view);
    }
    return made;
  }

  build(
    devices: readonly Device[],
    positionList: readonly LivePosition[],
    drivers: ReadonlyMap<number, Driver>,
    now: Date,
  ): VehicleView[] {
    const positions = this.positionsOf(positionList);
    const { views: held, prepared } = this;
    // A vehicle's view made on arrival when the build applies that very position (no longer waiting
    // then), else the one it shows. Every lookup counts: a flush of 10,000 vehicles makes each ten times.
    const previous = {
      get(id: number, position: LivePosition | null): VehicleView | undefined {
        if (prepared.size === 0) return held.get(id);
        const ready = prepared.get(id);
        if (ready === undefined || ready.position !== position) return held.get(id);
        prepared.delete(id);
        return ready;
      },
    };
    const views = buildVehicleViews(devices, positions, drivers, now, previous);
    if (devices !== this.devices) {
      this.devices = devices;
      this.views = indexBy(views, (view) => view.id);
    } else {
      for (const view of views) this.views.set(view.id, view);
    }
    // what this build applied is no longer waiting (a vehicle it skipped, too); views of positions still
    // to come stay for their flush
    for (const [id, view] of prepared) if (view.position === positions.get(id)) prepared.delete(id);
    return views;
  }
}
