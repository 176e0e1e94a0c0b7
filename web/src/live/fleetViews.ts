import { boolAttr } from '@frota/core';
import type { Device, Driver } from '../api/types';
import type { LivePosition, VehicleView } from './types';
import { vehicleView } from './vehicleView';

/** What the fleet holds of one vehicle between builds: one entry, found with one lookup a flush. */
interface Entry {
  /** the vehicle's latest position, when `positionMark` is that of the list applied last */
  position: LivePosition | null;
  positionMark: number;
  /** the view the vehicle showed when a build last listed it, and which build that was */
  view: VehicleView | undefined;
  shownMark: number;
  /** a view made on arrival for a position no build has applied yet (see prepare) */
  prepared: VehicleView | undefined;
}

/**
 * Whether a view made at its own clock still holds at `now`: the clock moved on (or stayed) and no
 * rule's answer changed meanwhile (the fix did not turn stale). A tick of the status clock then rebuilds
 * only the vehicles whose fix just turned 24 h old.
 */
const holdsAt = (view: VehicleView, now: Date): boolean => {
  const time = now.getTime();
  return view.input.now.getTime() <= time && time <= view.settledUntil;
};

/**
 * The fleet's view models between flushes (kept by useFleet): for each vehicle, its latest position, the
 * view it shows and a view made in advance, in one entry. A flush of 10,000 vehicles looks each entry up
 * once (and once per position applied) instead of in a map per kind; a position the list no longer holds,
 * or a vehicle no longer listed, is told by a mark of the list that last held it rather than by indexing
 * the whole fleet again. Like LastResult it is a cache: what it holds decides how much work a result
 * takes, never the result (a view is reused only when made from the same device, position, drivers and
 * clock).
 *
 * Positions the live socket brings between flushes can be prepared on arrival (`prepare`): their views are
 * made then, in the small tasks of the socket's messages, and the flush that applies the positions finds
 * them made instead of building 10,000 in the one task that renders it.
 */
export class FleetViews {
  private readonly entries = new Map<number, Entry>();
  private positionList: readonly LivePosition[] | null = null;
  private positionMark = 0;
  private buildMark = 0;

  private entry(id: number): Entry {
    let entry = this.entries.get(id);
    if (entry === undefined) {
      entry = { position: null, positionMark: -1, view: undefined, shownMark: -1, prepared: undefined };
      this.entries.set(id, entry);
    }
    return entry;
  }

  /** The latest position of each device, written to its entry when the list is a new one. */
  private applyPositions(list: readonly LivePosition[]): void {
    if (list === this.positionList) return;
    this.positionList = list;
    const mark = ++this.positionMark;
    for (const position of list) {
      const entry = this.entry(position.deviceId);
      entry.position = position;
      entry.positionMark = mark;
    }
  }

  /**
   * Makes the views of vehicles the last build listed, for positions just received, with the devices,
   * drivers and clock of that build; the flush that applies those positions reuses each one whose
   * position, device, drivers and clock are still those (else it builds the view again, as without this).
   * They are kept apart until then: a build before the flush (the status clock's tick) still shows the
   * positions it was given and leaves them for the flush. Unknown vehicles wait for the flush. Returns the
   * views made.
   */
  prepare(positions: readonly LivePosition[]): VehicleView[] {
    const made: VehicleView[] = [];
    for (const position of positions) {
      const entry = this.entries.get(position.deviceId);
      const old = entry?.view;
      if (!old || entry!.shownMark !== this.buildMark || old.position === position || !old.drivers) continue;
      const drivers = old.drivers as ReadonlyMap<number, Driver>;
      const view = vehicleView(old.device, position, drivers, old.input.now, old);
      view.drivers = old.drivers;
      entry!.prepared = view;
      made.push(view);
    }
    return made;
  }

  /**
   * Every active vehicle of the account with its latest position. A vehicle keeps the view it showed (or
   * takes the one made on arrival for this very position) when that view's device, position and drivers
   * are the same objects and it holds at the clock; the others are built (a flush rebuilds only what
   * changed).
   */
  build(
    devices: readonly Device[],
    positionList: readonly LivePosition[],
    drivers: ReadonlyMap<number, Driver>,
    now: Date,
  ): VehicleView[] {
    this.applyPositions(positionList);
    const positionMark = this.positionMark;
    const shown = ++this.buildMark;
    const views: VehicleView[] = [];
    for (const device of devices) {
      if (boolAttr(device.disabled)) continue;
      const entry = this.entry(device.id);
      const position = entry.positionMark === positionMark ? entry.position : null;
      let old = entry.view;
      const ready = entry.prepared;
      // made on arrival for the position this build applies: no longer waiting (views of positions
      // still to come stay for their flush)
      if (ready !== undefined && ready.position === position) {
        old = ready;
        entry.prepared = undefined;
      }
      let view: VehicleView;
      if (
        old &&
        old.device === device &&
        old.position === position &&
        holdsAt(old, now) &&
        old.drivers === drivers
      ) {
        view = old;
      } else {
        view = vehicleView(device, position, drivers, now, old);
        view.drivers = drivers;
      }
      entry.view = view;
      entry.shownMark = shown;
      views.push(view);
    }
    return views;
  }
}
