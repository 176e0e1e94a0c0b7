import { describe, expect, it } from 'vitest';
import {
  SORT_BY_LAST_POSITION,
  SORT_BY_NAME,
  SORT_BY_STATUS,
  compareByStatus,
  sameSortPlace,
  sortableVehicle,
  vehicleComparator,
  type SortableVehicle,
} from './sort';
import { NOW, input } from './testInputs';

const t = (iso: string) => Date.parse(iso);
const names = (list: SortableVehicle[]) => list.map((v) => v.name);

const fleet: SortableVehicle[] = [
  {
    name: 'Parado velho',
    status: 'stopped',
    lastIgnition: t('2024-04-30T08:00:00Z'),
    fixTime: t('2024-05-01T10:00:00Z'),
  },
  {
    name: 'Offline',
    status: 'offline',
    lastIgnition: t('2024-05-01T11:00:00Z'),
    fixTime: t('2024-04-20T10:00:00Z'),
  },
  {
    name: 'camião 10',
    status: 'driving',
    lastIgnition: t('2024-05-01T06:00:00Z'),
    fixTime: t('2024-05-01T11:59:00Z'),
  },
  { name: 'Privado', status: 'private' },
  {
    name: 'Camiao 2',
    status: 'driving',
    lastIgnition: t('2024-05-01T09:00:00Z'),
    fixTime: t('2024-05-01T11:58:00Z'),
  },
  { name: 'Ralenti', status: 'idle', fixTime: t('2024-05-01T11:57:00Z') },
  {
    name: 'Parado novo',
    status: 'stopped',
    lastIgnition: t('2024-05-01T07:00:00Z'),
    fixTime: t('2024-05-01T09:00:00Z'),
  },
  { name: 'Sem ignição', status: 'stopped', fixTime: t('2024-05-01T11:00:00Z') },
];

describe('sort by status (default)', () => {
  it('orders driving, idle, stopped, offline, private, then latest ignition first, missing ignition last', () => {
    expect(names([...fleet].sort(vehicleComparator(SORT_BY_STATUS)))).toEqual([
      'Camiao 2',
      'camião 10',
      'Ralenti',
      'Parado novo',
      'Parado velho',
      'Sem ignição',
      'Offline',
      'Privado',
    ]);
  });
  it('breaks full ties by name', () => {
    const a = { name: 'B', status: 'idle' } as const;
    const b = { name: 'a', status: 'idle' } as const;
    expect(compareByStatus(a, b)).toBeGreaterThan(0);
  });
});

describe('sort by name', () => {
  it('is natural and ignores case and accents', () => {
    expect(names([...fleet].sort(vehicleComparator(SORT_BY_NAME)))).toEqual([
      'Camiao 2',
      'camião 10',
      'Offline',
      'Parado novo',
      'Parado velho',
      'Privado',
      'Ralenti',
      'Sem ignição',
    ]);
  });
});

describe('sort by last position', () => {
  it('puts the latest fix first and vehicles without a position last', () => {
    expect(names([...fleet].sort(vehicleComparator(SORT_BY_LAST_POSITION)))).toEqual([
      'camião 10',
      'Camiao 2',
      'Ralenti',
      'Sem ignição',
      'Parado velho',
      'Parado novo',
      'Offline',
      'Privado',
    ]);
  });
});

describe('sortableVehicle', () => {
  it('derives name, status, last ignition and fix time from the status input', () => {
    const i = input({
      name: 'Hilux LD-12-34',
      ageS: 120,
      speedKmh: 45,
      attributes: { ignition: true, lastignition: '2024-05-01T11:30:00Z' },
    });
    expect(sortableVehicle(i)).toEqual({
      name: 'Hilux LD-12-34',
      status: 'driving',
      lastIgnition: t('2024-05-01T11:30:00Z'),
      fixTime: NOW.getTime() - 120_000,
    });
  });
  it('accepts lastignition in epoch seconds and handles a vehicle without position', () => {
    const i = input({ attributes: { lastignition: 1714550400 } });
    expect(sortableVehicle(i).lastIgnition).toBe(1714550400000);
    expect(sortableVehicle(input({ noPosition: true }))).toEqual({
      name: '',
      status: 'offline',
      lastIgnition: undefined,
      fixTime: undefined,
    });
  });
});

describe('sameSortPlace', () => {
  const base = { name: 'Alfa', status: 'idle', lastIgnition: 1000, fixTime: 2000 } as const;
  it('compares only the fields the mode sorts by', () => {
    expect(sameSortPlace(base, { ...base }, SORT_BY_STATUS)).toBe(true);
    expect(sameSortPlace(base, { ...base, fixTime: 3000 }, SORT_BY_STATUS)).toBe(true);
    expect(sameSortPlace(base, { ...base, status: 'driving' }, SORT_BY_STATUS)).toBe(false);
    expect(sameSortPlace(base, { ...base, lastIgnition: undefined }, SORT_BY_STATUS)).toBe(false);
    expect(sameSortPlace(base, { ...base, status: 'driving', fixTime: 1 }, SORT_BY_NAME)).toBe(true);
    expect(sameSortPlace(base, { ...base, name: 'alfa' }, SORT_BY_NAME)).toBe(false);
    expect(sameSortPlace(base, { ...base, status: 'stopped' }, SORT_BY_LAST_POSITION)).toBe(true);
    expect(sameSortPlace(base, { ...base, fixTime: 3000 }, SORT_BY_LAST_POSITION)).toBe(false);
  });
});
