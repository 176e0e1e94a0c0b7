import type { GeoJSONSource, GeoJSONSourceDiff } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import type { Placement } from './motion';
import { VehicleSourceSync } from './vehicleSourceSync';
import type { ViewBox } from './viewBox';

/** What the sync sent: whole data sets (feature ids) and diffs, in order. */
function recordingSource() {
  const sent: Array<{ data: number[] } | { diff: GeoJSONSourceDiff }> = [];
  const source = {
    setData: (data: GeoJSON.FeatureCollection) => {
      sent.push({ data: data.features.map((f) => Number(f.id)) });
      return Promise.resolve();
    },
    updateData: (diff: GeoJSONSourceDiff) => {
      sent.push({ diff });
      return Promise.resolve();
    },
  } as unknown as GeoJSONSource;
  return { source, sent };
}

/**
 * `count` vehicles, vehicle i at longitude i and latitude -i (moved by `places`), and a view (null: the
 * source holds every vehicle, as with clusters).
 */
function setup(count: number, view: ViewBox | null = null) {
  const { source, sent } = recordingSource();
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const places = new Map<number, Placement>(
    ids.map((id) => [id, { longitude: id, latitude: -id, course: 0 }]),
  );
  const feature = (id: number) => ({
    type: 'Feature' as const,
    id,
    geometry: { type: 'Point' as const, coordinates: [places.get(id)!.longitude, places.get(id)!.latitude] },
    properties: { icon: `vehicle:car:green`, course: 0, ign: 0 as const },
  });
  const target = { view };
  /** The vehicles whose place the sync read (what a send cost). */
  const read: number[] = [];
  const sync = new VehicleSourceSync({
    source: () => source,
    ids: () => ids,
    placeOf: (id) => {
      read.push(id);
      return places.get(id);
    },
    feature,
    view: () => target.view,
  });
  return { sync, sent, places, target, read };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const diffOf = (sent: unknown) => (sent as { diff: GeoJSONSourceDiff }).diff;

describe('the vehicle source', () => {
  it('gets every vehicle first, then diffs of the few that changed, and everything when many did', () => {
    const { sync, sent } = setup(8);
    sync.mark([], true);
    sync.send();
    expect(sent).toEqual([{ data: [1, 2, 3, 4, 5, 6, 7, 8] }]);
    sync.send();
    expect(sent).toHaveLength(1);

    sync.mark([3, 5], false);
    sync.send();
    const diff = (sent[1] as { diff: GeoJSONSourceDiff }).diff;
    expect(diff.update?.map((u) => u.id)).toEqual([3, 5]);
    expect(diff.update?.[0]).toMatchObject({
      newGeometry: { type: 'Point', coordinates: [3, -3] },
      addOrUpdateProperties: [
        { key: 'icon', value: 'vehicle:car:green' },
        { key: 'course', value: 0 },
        { key: 'ign', value: 0 },
      ],
      removeProperties: ['label'],
    });

    sync.mark([1, 2, 3], false);
    sync.send();
    expect(sent[2]).toEqual({ data: [1, 2, 3, 4, 5, 6, 7, 8] });
  });

  it('while deferred keeps only the selected vehicle current, and catches up when sent', () => {
    const { sync, sent } = setup(8);
    sync.deferred = true;
    sync.mark([], true);
    sync.keepCurrent(null);
    expect(sent).toEqual([]);
    sync.keepCurrent(4);
    expect(sent).toHaveLength(1);
    expect((sent[0] as { diff: GeoJSONSourceDiff }).diff.add?.map((f) => f.id)).toEqual([4]);

    sync.deferred = false;
    sync.send();
    expect(sent[1]).toEqual({ data: [1, 2, 3, 4, 5, 6, 7, 8] });

    sync.deferred = true;
    sync.mark([6], false);
    // Not behind: nothing to send for the selected vehicle.
    sync.keepCurrent(4);
    expect(sent).toHaveLength(2);
    sync.keepCurrent(6);
    expect((sent[2] as { diff: GeoJSONSourceDiff }).diff.add?.map((f) => f.id)).toEqual([6]);
    sync.mark([7], false);
    sync.deferred = false;
    sync.send();
    expect((sent[3] as { diff: GeoJSONSourceDiff }).diff.update?.map((u) => u.id)).toEqual([7]);
  });

  it('sends glide steps as they come, or notes them while deferred', () => {
    const { sync, sent } = setup(8);
    sync.send();
    const at: Placement = { longitude: 13.25, latitude: -8.85, course: 90 };
    sync.stepped([[2, at]]);
    expect((sent[1] as { diff: GeoJSONSourceDiff }).diff.update).toEqual([
      {
        id: 2,
        newGeometry: { type: 'Point', coordinates: [13.25, -8.85] },
        addOrUpdateProperties: [{ key: 'course', value: 90 }],
      },
    ]);
    sync.deferred = true;
    sync.stepped([[3, at]]);
    expect(sent).toHaveLength(2);
    sync.deferred = false;
    sync.send();
    expect((sent[2] as { diff: GeoJSONSourceDiff }).diff.update?.map((u) => u.id)).toEqual([3]);
  });

  it('holds only the vehicles around the view and takes a new area once the view leaves it', () => {
    // View over longitudes 10-20: the area held runs from 0 to 30 (a view's width on each side).
    const { sync, sent, target } = setup(100, { west: 10, south: -50, east: 20, north: 0 });
    sync.send();
    expect(sent).toEqual([{ data: range(1, 30) }]);
    // Panned inside the area: nothing new.
    target.view = { west: 18, south: -50, east: 28, north: 0 };
    sync.followView();
    sync.send();
    expect(sent).toHaveLength(1);
    // Out of it: the area around the new view, as a diff of the few that entered and left.
    target.view = { west: 12, south: -50, east: 22, north: 0 };
    sync.followView();
    sync.send();
    expect(sent).toHaveLength(1);
    target.view = { west: 32, south: -50, east: 42, north: 0 };
    sync.followView();
    expect(sent[1]).toEqual({ data: range(22, 52) });
    target.view = { west: 44, south: -50, east: 54, north: 0 };
    sync.followView();
    expect(diffOf(sent[2]).add?.map((f) => f.id)).toEqual(range(53, 64));
    expect(diffOf(sent[2]).remove).toEqual(range(22, 33));
  });

  it('sends a flush of the vehicles in the area only, with those that moved in or out', () => {
    const { sync, sent, places } = setup(100, { west: 30, south: -50, east: 40, north: 0 });
    sync.send();
    expect(sent[0]).toEqual({ data: range(20, 50) });
    // A few changed: one moved into the area, one out of it, one within it, one far away.
    places.set(60, { longitude: 45, latitude: -45, course: 0 });
    places.set(25, { longitude: 90, latitude: -45, course: 0 });
    places.set(35, { longitude: 35.5, latitude: -35, course: 0 });
    places.set(80, { longitude: 81, latitude: -45, course: 0 });
    sync.mark([60, 25, 35, 80], false);
    sync.send();
    const diff = diffOf(sent[1]);
    expect(diff.add?.map((f) => f.id)).toEqual([60]);
    expect(diff.remove).toEqual([25]);
    expect(diff.update?.map((u) => u.id)).toEqual([35]);
    // Every vehicle changed: the area's vehicles anew, none from beyond it.
    sync.mark(places.keys(), false);
    sync.send();
    expect(sent[2]).toEqual({ data: [...range(20, 24), ...range(26, 50), 60] });
  });

  it('reads only the vehicles a flush changed while the area stays', () => {
    const { sync, sent, places, read } = setup(80, { west: 30, south: -50, east: 40, north: 0 });
    sync.send();
    read.length = 0;
    places.set(35, { longitude: 35.5, latitude: -35, course: 0 });
    places.set(70, { longitude: 70.5, latitude: -70, course: 0 });
    sync.mark([35, 70], false);
    sync.send();
    expect(read.sort((a, b) => a - b)).toEqual([35, 70]);
    expect(diffOf(sent[1]).update?.map((u) => u.id)).toEqual([35]);
    expect(diffOf(sent[1]).add).toEqual([]);
  });

  it('adds a vehicle gliding into the area and moves the ones it holds', () => {
    const { sync, sent } = setup(30, { west: 10, south: -50, east: 12, north: 0 });
    sync.send();
    sync.stepped([
      [20, { longitude: 13.5, latitude: -13, course: 45 }],
      [11, { longitude: 11.5, latitude: -11, course: 90 }],
      [29, { longitude: 28, latitude: -28, course: 0 }],
    ]);
    expect(diffOf(sent[1]).add?.map((f) => f.id)).toEqual([20]);
    expect(diffOf(sent[1]).update?.map((u) => u.id)).toEqual([11]);
  });

  it('holds every vehicle when the view asks for all (clusters)', () => {
    const { sync, sent, target } = setup(30, { west: 10, south: -50, east: 12, north: 0 });
    sync.send();
    target.view = null;
    sync.send();
    expect((sent[1] as { data: number[] }).data).toHaveLength(30);
  });
});
