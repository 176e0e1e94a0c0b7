import type { GeoJSONSource, GeoJSONSourceDiff } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import type { Placement } from './motion';
import { VehicleSourceSync } from './vehicleSourceSync';

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

function setup(count: number) {
  const { source, sent } = recordingSource();
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const feature = (id: number) => ({
    type: 'Feature' as const,
    id,
    geometry: { type: 'Point' as const, coordinates: [id, -id] },
    properties: { icon: `vehicle:car:green`, course: 0, ign: 0 as const },
  });
  const sync = new VehicleSourceSync({ source: () => source, ids: () => ids, feature });
  return { sync, sent };
}

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
});
