import type { GeoJSONSource } from 'maplibre-gl';
import type { Placement } from './motion';
import type { VehicleProperties } from './vehicleFeatures';

type VehicleFeature = GeoJSON.Feature<GeoJSON.Point, VehicleProperties>;

/** What the sync reads of the layer: the source, the vehicles shown, and a vehicle's feature as shown. */
export interface SyncTarget {
  source(): GeoJSONSource | undefined;
  ids(): readonly number[];
  feature(id: number): VehicleFeature | undefined;
}

/**
 * Keeps the vehicles' GeoJSON source in step with the vehicles shown, or lets it fall behind while it is
 * `deferred`. Every feature handed to the source is copied to MapLibre's worker (serialised and posted,
 * then tiled there): with 10,000 vehicles one full update costs the main thread more than the rest of a
 * flush. While the dense view shows dots (the point layer) nothing drawn comes from this source but the
 * selection ring, so only the vehicle kept by `keepCurrent` is sent; the others wait in `behind` until
 * `send` when the view turns sparse again.
 */
export class VehicleSourceSync {
  /** Vehicles whose feature in the source is out of date; 'all' when the set of features itself is. */
  private behind: Set<number> | 'all' = 'all';
  deferred = false;

  constructor(private readonly target: SyncTarget) {}

  /** Whether nothing waits to be sent. */
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
    if (this.deferred) {
      this.mark(
        steps.map(([id]) => id),
        false,
      );
      return;
    }
    void this.target.source()?.updateData({
      update: steps.map(([id, at]) => ({
        id,
        newGeometry: { type: 'Point', coordinates: [at.longitude, at.latitude] },
        addOrUpdateProperties: [{ key: 'course', value: at.course }],
      })),
    });
  }

  /** Brings the source up to date: everything anew when much is behind, else only what is. */
  send(): void {
    const source = this.target.source();
    if (!source || this.current) return;
    const ids = this.target.ids();
    const behind = this.behind;
    this.behind = new Set();
    if (behind === 'all' || behind.size > ids.length / 4) {
      const features = ids.map((id) => this.target.feature(id)).filter((f) => f !== undefined);
      void source.setData({ type: 'FeatureCollection', features });
      return;
    }
    const update = [...behind].flatMap((id) => {
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
    });
    void source.updateData({ update });
  }

  /** While deferred, sends one vehicle (the selected one, for its ring) if it is behind. */
  keepCurrent(id: number | null): void {
    if (!this.deferred || id === null || this.current) return;
    if (this.behind !== 'all') {
      if (!this.behind.delete(id)) return;
    }
    const feature = this.target.feature(id);
    // `add` replaces a feature with the same id, and adds one the source does not hold yet.
    if (feature) void this.target.source()?.updateData({ add: [feature] });
  }
}
