import { describe, expect, it } from 'vitest';
import { device, kmh, NOW, position, view } from './testFleet';
import {
  applyVehicleQuery,
  countByStatusTab,
  DEFAULT_QUERY,
  groupOptions,
  isDemoSearch,
  searchVehicles,
  sortedList,
  sortVehicles,
} from './vehicleList';

const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000).toISOString();

const fleet = [
  view(
    device(1, 'Camião Norte', { groupId: 10, attributes: { license_plate: 'LD-01-AA' } }),
    position(1, { speed: kmh(50), attributes: { ignition: true, lastignition: hoursAgo(2) } }),
  ),
  view(
    device(2, 'alfa', { groupId: 10 }),
    position(2, { speed: kmh(2), attributes: { ignition: true, lastignition: hoursAgo(1) } }),
  ),
  view(
    device(3, 'Bravo', { groupId: 20, attributes: { in_maintenance: 1 } }),
    position(3, { attributes: { ignition: false } }),
  ),
  view(
    device(4, 'Zulu', { groupId: 20 }),
    position(4, { fixTime: hoursAgo(30), attributes: { ignition: false } }),
  ),
  view(device(5, 'Sem posição'), null),
  view(
    device(6, 'Eco', { groupId: 10 }),
    position(6, { speed: kmh(40), attributes: { ignition: true, power: 10.2, lastignition: hoursAgo(3) } }),
  ),
];

describe('vehicle list', () => {
  it('counts each status tab with the core rules', () => {
    expect(countByStatusTab(fleet)).toEqual({
      all: 6,
      driving: 2,
      idle: 1,
      stopped: 1,
      warning: 2,
      maintenance: 1,
    });
  });

  it('shows a plate beside the name, not a second time when the vehicle is named by its plate', () => {
    expect(fleet[0]!.plate).toBe('LD-01-AA');
    const named = view(device(9, 'LD-09-99-ZZ', { attributes: { license_plate: 'LD-09-99-ZZ' } }), null);
    expect(named.plate).toBe('');
    expect(searchVehicles([named], 'ld-09', 'all').map((v) => v.id)).toEqual([9]);
  });

  it('searches name, plate and identifier ignoring case and accents', () => {
    expect(searchVehicles(fleet, 'camiao', 'all').map((v) => v.id)).toEqual([1]);
    expect(searchVehicles(fleet, 'ld-01', 'all').map((v) => v.id)).toEqual([1]);
    expect(searchVehicles(fleet, 'U4', 'all').map((v) => v.id)).toEqual([4]);
    expect(searchVehicles(fleet, '', 20).map((v) => v.id)).toEqual([3, 4]);
  });

  it('sorts by status then latest ignition by default, by name, or by last position', () => {
    // Both offline (no position, stale fix) fall back to the name.
    expect(sortVehicles(fleet, 0).map((v) => v.id)).toEqual([1, 6, 2, 3, 5, 4]);
    expect(sortVehicles(fleet, 1).map((v) => v.name)).toEqual([
      'alfa',
      'Bravo',
      'Camião Norte',
      'Eco',
      'Sem posição',
      'Zulu',
    ]);
    expect(
      sortVehicles(fleet, 2)
        .map((v) => v.id)
        .slice(-2),
    ).toEqual([4, 5]);
  });

  it('applies search and group before counting, and the status tab only to the rows', () => {
    const result = applyVehicleQuery(fleet, { ...DEFAULT_QUERY, group: 10, status: 'driving' });
    expect(result.rows.map((v) => v.id)).toEqual([1, 6]);
    expect(result.counts.all).toBe(3);
    expect(result.counts.idle).toBe(1);
  });

  it('treats the search text DEMO as the demo switch, not as a filter', () => {
    expect(isDemoSearch('DEMO')).toBe(true);
    expect(isDemoSearch('demo')).toBe(false);
    expect(searchVehicles(fleet, 'DEMO', 'all')).toHaveLength(6);
  });

  it('lists the groups by name with their vehicle counts', () => {
    const options = groupOptions(
      [
        { id: 20, name: 'Obras', attributes: {} },
        { id: 10, name: 'Distribuição', attributes: {} },
        { id: 30, name: 'Vazio', attributes: {} },
      ],
      fleet.map((v) => v.device),
    );
    expect(options).toEqual([
      { id: 10, name: 'Distribuição', count: 3 },
      { id: 20, name: 'Obras', count: 2 },
      { id: 30, name: 'Vazio', count: 0 },
    ]);
  });
});

describe('status tabs of a view', () => {
  it('match core matchesVehicleFilter and sortableVehicle case by case', async () => {
    const { matchesVehicleFilter, sortableVehicle, VEHICLE_FILTERS } = await import('@frota/core');
    const cases = [
      ...fleet,
      view(
        device(7, 'Máquina', { attributes: { vehicle_type: 3, engine_voltage: 26 } }),
        position(7, { attributes: { ignition: true, power: 27 } }),
      ),
      view(
        device(8, 'Máquina 2', { attributes: { vehicle_type: 3, engine_voltage: 26 } }),
        position(8, { attributes: { ignition: true, power: 24 } }),
      ),
      view(
        device(9, 'Privado', { attributes: { privacy: 1, in_maintenance: 1 } }),
        position(9, { speed: kmh(60), attributes: { ignition: true } }),
      ),
      view(
        device(10, 'Sem GPS'),
        position(10, { valid: false, event: 151, attributes: { ignition: false, rssi: 1 } }),
      ),
      view(device(11, 'A dormir'), position(11, { valid: false, attributes: { io200: 1 } })),
    ];
    for (const v of cases) {
      expect(v.filters, v.name).toEqual(VEHICLE_FILTERS.filter((f) => matchesVehicleFilter(f, v.input)));
      expect(v.sortable, v.name).toEqual(sortableVehicle(v.input));
    }
  });
});

describe('sorting from the previous flush', () => {
  /** A seeded pseudo-random sequence, so a failure can be replayed. */
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const names = ['Alfa', 'alfa', 'Bravo 2', 'Bravo 10', 'Camião', 'camiao', 'Delta', 'Eco'];

  function vehicle(id: number, next: () => number) {
    const hours = Math.floor(next() * 40);
    return view(
      device(id, names[Math.floor(next() * names.length)]),
      next() < 0.1
        ? null
        : position(id, {
            speed: kmh(next() < 0.5 ? 0 : 30),
            fixTime: hoursAgo(hours),
            attributes: {
              ignition: next() < 0.6,
              ...(next() < 0.7 ? { lastignition: hoursAgo(Math.floor(next() * 5)) } : {}),
            },
          }),
    );
  }

  it('gives the order of a fresh sort while vehicles change, come and go over many flushes', () => {
    for (const mode of [0, 1, 2] as const) {
      const next = random(7 + mode);
      let list = Array.from({ length: 60 }, (_, i) => vehicle(i + 1, next));
      let previous = sortedList(sortVehicles(list, mode), mode);
      for (let flush = 0; flush < 40; flush++) {
        list = list
          .filter(() => next() > 0.05)
          .map((v) => (next() < 0.3 ? vehicle(v.id, next) : v))
          .concat(next() < 0.5 ? [vehicle(100 + flush, next)] : []);
        const sorted = sortVehicles(list, mode, previous);
        expect(sorted.map((v) => v.id)).toEqual(sortVehicles(list, mode).map((v) => v.id));
        previous = sortedList(sorted, mode, previous);
        expect(previous.index).toEqual(sortedList(sorted, mode).index);
      }
    }
  });

  it('keeps the places of the previous list in place while the same vehicles are listed', () => {
    const first = sortedList(sortVehicles(fleet, 1), 1);
    const index = first.index;
    // The same vehicles in another order (a flush that moved two): the places are written where they changed.
    const swapped = [...first.rows];
    [swapped[0], swapped[3]] = [swapped[3], swapped[0]];
    const second = sortedList(swapped, 1, first);
    expect(second.index).toBe(index);
    expect([...second.index].sort((a, b) => a[1] - b[1]).map(([id]) => id)).toEqual(swapped.map((v) => v.id));
    // A vehicle gone and another come: a new index, with no place left from the one gone.
    const changed = [...swapped.slice(1), view(device(99, 'Novo'), null)];
    const third = sortedList(changed, 1, second);
    expect(third.index).not.toBe(index);
    expect(third.index.has(swapped[0].id)).toBe(false);
    expect(third.index.get(99)).toBe(changed.length - 1);
  });

  it('ignores a list kept under another sort mode', () => {
    const byName = sortedList(sortVehicles(fleet, 1), 1);
    expect(sortVehicles(fleet, 0, byName).map((v) => v.id)).toEqual(sortVehicles(fleet, 0).map((v) => v.id));
  });
});
