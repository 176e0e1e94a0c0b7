import { describe, expect, it } from 'vitest';
import { demoFleet } from './demo';
import { MarkerCache, mapVehicles, positionPoints, zoneCamera } from './mapVehicles';
import { tachoPanel } from './tachograph';
import { NOW, device, kmh, position, view } from './testFleet';
import { appendTrace, traceFromHistory } from './trace';
import { rowKey } from './VehicleList';
import { vehicleView } from './vehicleView';
import { countByStatusTab } from './vehicleList';

describe('trace of the selected vehicle', () => {
  it('keeps the last 5 distinct points', () => {
    let trace = traceFromHistory([
      [1, 1],
      [2, 2],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
    expect(trace).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
    trace = appendTrace(trace, [6, 6]);
    expect(trace).toHaveLength(5);
    expect(appendTrace(trace, [7, 7])[4]).toEqual([7, 7]);
  });
});

describe('demo fleet', () => {
  const categories = ['car', 'truck', 'bike', 'boat', 'van', 'crane', 'tanker'];

  it('has one vehicle of every category with negative ids', () => {
    const { devices, positions } = demoFleet(categories, 1_700_000_000_000);
    expect(devices.map((d) => d.category)).toEqual(categories);
    expect(devices.every((d) => d.id < 0)).toBe(true);
    expect(positions.map((p) => p.deviceId)).toEqual(devices.map((d) => d.id));
  });

  it('moves the driving vehicles as time passes and fills every status tab', () => {
    const t0 = 1_700_000_000_000;
    const a = demoFleet(categories, t0);
    const b = demoFleet(categories, t0 + 2000);
    expect(b.positions[0].latitude).not.toBe(a.positions[0].latitude);
    expect(b.positions[3]).toMatchObject({ latitude: a.positions[3].latitude });
    const views = a.devices.map((d, i) => vehicleView(d, a.positions[i], new Map(), new Date(t0)));
    const counts = countByStatusTab(views);
    for (const tab of ['driving', 'idle', 'stopped', 'warning', 'maintenance'] as const)
      expect(counts[tab]).toBeGreaterThan(0);
  });
});

describe('vehicle list rows', () => {
  it('are keyed by vehicle, so a re-sorted list keeps each vehicle its row', () => {
    const rows = [view(device(7, 'A'), null), view(device(3, 'B'), null)];
    expect([0, 1].map((index) => rowKey(index, { rows }))).toEqual([7, 3]);
    expect(rowKey(0, { rows: [...rows].reverse() })).toBe(3);
  });
});

describe('map input', () => {
  it('leaves vehicles without a position off the map', () => {
    const rows = [
      view(device(1, 'A'), position(1, { course: 45, attributes: { ignition: true } })),
      view(device(2, 'B'), null),
    ];
    expect(mapVehicles(rows)).toEqual([
      expect.objectContaining({ id: 1, course: 45, color: 'yellow', ignitionCode: 1, category: 'car' }),
    ]);
  });

  it('draws no marker, and fits nothing, for a position the server blanked for privacy', () => {
    const rows = [
      view(device(1, 'A'), position(1, { attributes: { privacy: 1, privacyBlanked: true } })),
      view(device(2, 'B', { attributes: { privacy: 1 } }), position(2, { latitude: -8.8, longitude: 13.2 })),
    ];
    expect(mapVehicles(rows).map((m) => m.id)).toEqual([2]);
    expect(positionPoints(rows)).toEqual([[13.2, -8.8]]);
  });

  it('keeps a vehicle its marker while what the map shows of it stays the same', () => {
    const cache = new MarkerCache();
    const d = device(1, 'A');
    const first = view(d, position(1, { course: 45, speed: kmh(20), attributes: { ignition: true } }));
    const [marker] = mapVehicles([first], cache);
    expect(mapVehicles([first], cache)[0]).toBe(marker);
    // A new view with another speed (still driving), address and time, at the same place: the same marker.
    const faster = view(
      d,
      position(1, { course: 45, speed: kmh(60), address: 'Rua 1', attributes: { ignition: true } }),
    );
    expect(mapVehicles([faster], cache)[0]).toBe(marker);
    // Moved, or another colour: a new marker.
    const moved = view(d, position(1, { course: 90, speed: kmh(60), attributes: { ignition: true } }));
    const [turned] = mapVehicles([moved], cache);
    expect(turned).not.toBe(marker);
    expect(turned).toMatchObject({ id: 1, course: 90, color: 'green' });
    const parked = view(d, position(1, { course: 90, attributes: { ignition: false } }));
    expect(mapVehicles([parked], cache)[0]).toMatchObject({ course: 90, color: 'red' });
  });

  it('flies to a point zone and fits the others', () => {
    expect(zoneCamera({ id: 1, name: 'P', area: 'CIRCLE (-8.8 13.2, 100)', attributes: {} }, 3)).toEqual({
      seq: 3,
      kind: 'point',
      longitude: 13.2,
      latitude: -8.8,
    });
    expect(
      zoneCamera(
        { id: 2, name: 'A', area: 'POLYGON ((-8.7 13.1, -8.9 13.1, -8.9 13.3))', attributes: {} },
        4,
      ),
    ).toEqual({
      seq: 4,
      kind: 'bounds',
      bounds: [
        [13.1, -8.9],
        [13.3, -8.7],
      ],
    });
    expect(zoneCamera({ id: 3, name: 'X', area: 'bad', attributes: {} }, 5)).toBeNull();
  });
});

describe('tachograph panel', () => {
  it('shows only when io48 is above 0, with the activity names', () => {
    expect(tachoPanel({ io48: 0 })).toBeNull();
    expect(
      tachoPanel({
        io48: 1_714_564_800,
        io192: 123_456,
        io87: 9,
        io184: 3,
        io187: 1,
        io56: 5700,
        io58: 2700,
      }),
    ).toEqual({
      time: '2024-05-01T12:00:00.000Z',
      odometerKm: 123.5,
      activity: 'driving',
      cardInserted: true,
      drivingMinutes: 95,
      restMinutes: 45,
    });
    expect(tachoPanel({ io48: 1, io184: 0 })?.activity).toBe('rest');
    // the CAN odometer when the tachograph sends none
    expect(tachoPanel({ io48: 1, io87: 2_000 })?.odometerKm).toBe(2);
  });
});

describe('vehicle views', () => {
  it("read a vehicle's lastignition text once while its positions carry the same text", () => {
    const car = device(1, 'LD-01-00-AA');
    const on = '2024-05-01T11:30:00.000Z';
    const first = vehicleView(
      car,
      position(1, { attributes: { ignition: true, lastignition: on } }),
      new Map(),
      NOW,
    );
    expect(first.sortable.lastIgnition).toBe(Date.parse(on));
    // a previous view whose time was (deliberately) read otherwise: the same text takes its time
    const marked = { ...first, sortable: { ...first.sortable, lastIgnition: 42 } };
    const next = (lastignition: string) =>
      vehicleView(car, position(1, { attributes: { ignition: true, lastignition } }), new Map(), NOW, marked);
    expect(next(on).sortable.lastIgnition).toBe(42);
    const again = '2024-05-01T11:59:00.000Z';
    expect(next(again).sortable.lastIgnition).toBe(Date.parse(again));
  });
});
