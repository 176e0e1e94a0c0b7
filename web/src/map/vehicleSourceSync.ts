import type { GeoJSONSource, GeoJSONSourceDiff } from 'maplibre-gl';
import type { Placement } from './motion';
import type { VehicleProperties } from './vehicleFeatures';
import { areaAround, inBox, serves, type ViewBox } from './viewBox';

type VehicleFeature = GeoJSON.Feature<GeoJSON.Point, VehicleProperties>;

/** What the sync reads of the layer: the source, the vehicles shown, where each is, and its feature. */
export interface SyncTarget {
  source(): GeoJSONSource | undefined;
  ids(): readonly number[];
  /** Where a vehicle is drawn now (on its glide), or undefined when it is not shown. */
  placeOf(id: number): Placement | undefined;
  feature(id: number): VehicleFeature | undefined;
  /** The view's bounds, or null when the source must hold every vehicle (clusters count them all). */
  view(): ViewBox | null;
}

/**
 * Keeps the vehicles' GeoJSON source in step with the vehicles shown, or lets it fall behind while it is
 * `deferred`. Every feature handed to the source is copied to MapLibre's worker (serialised and posted,
 * then tiled there): with 10,000 vehicles one full update costs the main thread more than the rest of a
 * flush. So the source holds only the vehicles in the area around the view (nine views: panning inside it
 * needs nothing new) and takes the area anew once the view leaves it; with clusters it holds them all.
 * While the dense view shows dots (the point layer) nothing drawn comes from this source but the selection
 * ring, so only the vehicle kept by `keepCurrent` is sent; the others wait in `behind` until `send` when
 * the view turns sparse again.
 */
export class VehicleSourceSync {
  /** Vehicles whose feature in the source is out of date; 'all' when the set of features itself is. */
  private behind: Set<number> | 'all' = 'all';
  /** The vehicles the source holds, and the area they were picked from (null: everywhere). */
  private held = new Set<number>();
  private area: ViewBox | null = null;
  deferred = false;

  constructor(private readonly target: SyncTarget) {}

  /** Whether nothing waits to be sent (vehicles outside the area held do not count). */
  get current(): boolean {
    return this.behind !== 'all' && this.behind.size === 0;
  }

  /**
   * Notes vehicles whose look or place changed (`ids`), or the whole set (`rebuild`: vehicles came or
   * went, the labels changed, or the source was made anew); `send` or `keepCurrent` hands them over.
   */
  mark(ids: Iterable<number>, rebuild: boolean): void {
    if (rebuild) this.behind = 'all';
    else if (this.behind !== 'all') for (const id of ids) this.behind.add(id);
  }

  /** One step of gliding vehicles: place and heading only, or noted while deferred. */
  stepped(steps: ReadonlyArray<readonly [number, Placement]>): void {
    if (steps.length === 0) return;
    if (this.deferred || this.behind === 'all') {
      this.mark(
        steps.map(([id]) => id),
        false,
      );
      return;
    }
    const update: NonNullable<GeoJSONSourceDiff['update']> = [];
    const add: VehicleFeature[] = [];
    for (const [id, at] of steps) {
      if (this.held.has(id)) {
        update.push({
          id,
          newGeometry: { type: 'Point', coordinates: [at.longitude, at.latitude] },
          addOrUpdateProperties: [{ key: 'course', value: at.course }],
        });
      } else if (this.holds(at)) {
        // Glided into the area from beyond it.
        const feature = this.target.feature(id);
        if (feature) add.push(feature);
        this.held.add(id);
      }
    }
    if (update.length || add.length) void this.target.source()?.updateData({ update, add });
  }

  private holds(at: Placement): boolean {
    return this.area === null || inBox(this.area, at.longitude, at.latitude);
  }

  /**
   * Brings the source up to date, taking the area around the view anew once the view has left it:
   * everything anew when the set was rebuilt or much changed, else the vehicles that entered or left the
   * area and the ones behind inside it. While the area stays, only the vehicles behind are looked at (a
   * flush costs what it changed, not the fleet).
   */
  send(): void {
    const source = this.target.source();
    if (!source) return;
    const view = this.target.view();
    const moved = view === null ? this.area !== null : this.area === null || !serves(this.area, view);
    if (this.current && !moved) return;
    const behind = this.behind;
    this.behind = new Set();
    if (moved) this.area = view && areaAround(view);
    if (behind !== 'all' && !moved) {
      this.sendBehind(source, behind);
      return;
    }
    const inside = this.target.ids().filter((id) => {
      const at = this.target.placeOf(id);
      return at !== undefined && this.holds(at);
    });
    const added = inside.filter((id) => !this.held.has(id));
    const insideSet = new Set(inside);
    const removed = [...this.held].filter((id) => !insideSet.has(id));
    const changed =
      behind === 'all' ? inside : [...behind].filter((id) => insideSet.has(id) && this.held.has(id));
    this.held = insideSet;
    // An update entry costs about twice a feature to hand over; a feature added costs one.
    if (behind === 'all' || changed.length > inside.length / 4 || added.length > inside.length / 2) {
      this.setAll(source, inside);
      return;
    }
    this.sendDiff(source, added, removed, changed);
  }

  /** The vehicles behind, within an area that stays: each enters, leaves or changes inside it. */
  private sendBehind(source: GeoJSONSource, behind: ReadonlySet<number>): void {
    const added: number[] = [];
    const removed: number[] = [];
    const changed: number[] = [];
    for (const id of behind) {
      const at = this.target.placeOf(id);
      const inside = at !== undefined && this.holds(at);
      const held = this.held.has(id);
      if (inside && !held) added.push(id);
      else if (!inside && held) removed.push(id);
      else if (inside) changed.push(id);
    }
    for (const id of added) this.held.add(id);
    for (const id of removed) this.held.delete(id);
    const size = this.held.size;
    if (changed.length > size / 4 || added.length > size / 2) {
      this.setAll(source, [...this.held]);
      return;
    }
    this.sendDiff(source, added, removed, changed);
  }

  private setAll(source: GeoJSONSource, ids: readonly number[]): void {
    const features = ids.map((id) => this.target.feature(id)).filter((f) => f !== undefined);
    void source.setData({ type: 'FeatureCollection', features });
  }

  private sendDiff(
    source: GeoJSONSource,
    added: readonly number[],
    removed: readonly number[],
    changed: readonly number[],
  ): void {
    if (added.length + removed.length + changed.length === 0) return;
    void source.updateData({
      add: added.map((id) => this.target.feature(id)).filter((f) => f !== undefined),
      remove: [...removed],
      update: changed.flatMap((id) => {
        const f = this.target.feature(id);
        if (!f) return [];
        return [
          {
            id,
            newGeometry: f.geometry,
            addOrUpdateProperties: Object.entries(f.properties).map(([key, value]) => ({ key, value })),
            ...(f.properties.label === undefined ? { removeProperties: ['label'] } : {}),
          },
        ];
      }),
    });
  }

  /** During a pan or zoom: takes the area anew as soon as the view leaves it, not only once it stops. */
  followView(): void {
    if (this.deferred || this.area === null) return;
    const view = this.target.view();
    if (view && !serves(this.area, view)) this.send();
  }

  /** While deferred, sends one vehicle (the selected one, for its ring) if it is behind. */
  keepCurrent(id: number | null): void {
    if (!this.deferred || id === null || this.current) return;
    if (this.behind !== 'all') {
      if (!this.behind.delete(id)) return;
    }
    const feature = this.target.feature(id);
    // `add` replaces a feature with the same id, and adds one the source does not hold yet.
    if (feature) {
      void this.target.source()?.updateData({ add: [feature] });
      this.held.add(id);
    }
  }
}
