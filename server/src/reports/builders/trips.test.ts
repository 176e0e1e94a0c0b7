/**
 * The trips report (REPORTS.md §3 trips) over the hand-made day of testing/builderDay.ts: every row and
 * the footer worked out by hand from the track (distances from the odometer, average = km / hours, idle
 * time inside a trip, work or personal by the start time against 09:00-18:00 on a Tuesday, the driver by
 * card else the vehicle's own, a private place left empty).
 *
 * Mutations this catches: a pause under 5 minutes ending a trip (trip B would split), the trip ending at
 * the last moving position instead of the first of the stop (07:19:30), the average over driving time
 * instead of the whole trip (B: 30 instead of 27), the assigned driver not used, the card's driver not
 * named, the work filter inverted, short trips kept with check1, a private destination shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEEK } from '../../track/workingHours';
import { builderContext, builderDay, type BuilderDay } from '../testing/builderDay';
import { keepTrip, SHORT_TRIP_M, SHORT_TRIP_MS, tripFilterText, tripsReport, type TripInfo } from './trips';

const HEADER = [
  'Início',
  'Origem',
  'Fim',
  'Destino',
  'Duração',
  'Distância (km)',
  'Vel. média (km/h)',
  'Vel. máxima (km/h)',
  'Ralenti',
  'Odómetro inicial (km)',
  'Odómetro final (km)',
  'Condutor',
  'Tipo',
];

// by hand from the track: [start, origin, end, destination, duration, km, avg, max, idle, odo0, odo1, driver, type]
// prettier-ignore
const A = ['11/03/2025 07:00:00', 'P 07:00:00', '11/03/2025 07:20:00', 'P 07:20:00', '00:20:00', 20, 60, 60, '00:00:00', 5000, 5020, 'Pedro', 'Pessoal'];
// 9 km in 20 minutes (2 of them idle): 27 km/h
// prettier-ignore
const B = ['11/03/2025 07:40:00', 'P 07:40:00', '11/03/2025 08:00:00', 'P 08:00:00', '00:20:00', 9, 27, 30, '00:02:00', 5020, 5029, 'Pedro', 'Pessoal'];
// a card no driver holds shows as the bare card
// prettier-ignore
const C = ['11/03/2025 08:10:00', 'P 08:10:00', '11/03/2025 08:30:00', 'P 08:30:00', '00:20:00', 15, 45, 45, '00:00:00', 5029, 5044, 'CARD-X', 'Pessoal'];
// ends at a private position: no destination for this (non-administrator) user
// prettier-ignore
const D = ['11/03/2025 09:30:00', 'P 09:30:00', '11/03/2025 09:40:00', '', '00:10:00', 10, 60, 60, '00:00:00', 5044, 5054, 'Maria', 'Trabalho'];
// 200 m in 30 s: 24 km/h, a short trip
// prettier-ignore
const E = ['11/03/2025 12:00:00', 'P 12:00:00', '11/03/2025 12:00:30', 'P 12:00:30', '00:00:30', 0.2, 24, 24, '00:00:00', 5054, 5054, 'Pedro', 'Trabalho'];

const footer = (n: number, time: string, km: number, avg: number, max: number, idle: string) => [
  ['Total', `${n} ${n === 1 ? 'viagem' : 'viagens'}`, '', '', time, km, avg, max, idle, '', '', '', ''],
];

describe('trips report', () => {
  let day: BuilderDay;
  beforeAll(async () => {
    day = await builderDay();
  });
  afterAll(async () => {
    await day.db.close();
  });

  it('lists the five trips of the day with their figures, and a total', async () => {
    const [result, ...rest] = await tripsReport(await builderContext(day, { items: [day.car1] }));
    expect(rest).toEqual([]);
    expect(result).toMatchObject({
      report: 'trips',
      deviceId: day.car1,
      title: 'Viagens - Carro 1',
      subtitle: '11/03/2025 00:00:00 - 11/03/2025 23:59:59',
      subtitle2: 'Matrícula: LD-10-20-AA · Grupo: Norte',
      subtitle3: '',
      header: HEADER,
      data_types: [
        'datetime',
        'text',
        'datetime',
        'text',
        'duration',
        'number',
        'integer',
        'integer',
        'duration',
        'integer',
        'integer',
        'text',
        'text',
      ],
    });
    expect(result.data).toEqual([A, B, C, D, E]);
    // 54.2 km in 1 h 10 min 30 s: 46 km/h
    expect(result.footer).toEqual(footer(5, '01:10:30', 54.2, 46, 60, '00:02:00'));
  });

  it('gives no table to a vehicle without trips, and keeps the order of the vehicles asked', async () => {
    expect(await tripsReport(await builderContext(day, { items: [day.car2] }))).toEqual([]);
    const both = await tripsReport(await builderContext(day, { items: [day.car2, day.car1] }));
    expect(both.map((r) => r.deviceId)).toEqual([day.car1]);
  });

  it('filters work trips (select1 1) and personal ones (select1 2) by the default week', async () => {
    const work = await tripsReport(
      await builderContext(day, { items: [day.car1], options: { select1: '1' } }),
    );
    expect(work[0].data).toEqual([D, E]);
    expect(work[0].subtitle3).toBe('Viagens em horário de trabalho');
    expect(work[0].footer).toEqual(footer(2, '00:10:30', 10.2, 58, 60, '00:00:00'));
    const personal = await tripsReport(
      await builderContext(day, { items: [day.car1], options: { select1: '2' } }),
    );
    expect(personal[0].data).toEqual([A, B, C]);
    expect(personal[0].subtitle3).toBe('Viagens fora do horário de trabalho');
  });

  it('reads the working hours of the request: 07:00-08:00 makes A and B work', async () => {
    const week = { ...DEFAULT_WEEK, weekdays_start: '07:00', weekdays_end: '08:00' };
    const [r] = await tripsReport(await builderContext(day, { items: [day.car1], week }));
    expect(r.data.map((row) => row[12])).toEqual(['Trabalho', 'Trabalho', 'Pessoal', 'Pessoal', 'Pessoal']);
  });

  it('hides trips under 100 m or 1 minute with check1', async () => {
    const [r] = await tripsReport(
      await builderContext(day, { items: [day.car1], options: { check1: true } }),
    );
    expect(r.data).toEqual([A, B, C, D]);
    expect(r.subtitle3).toBe('Viagens curtas ocultas (menos de 100 m ou 1 minuto)');
    expect(r.footer).toEqual(footer(4, '01:10:00', 54, 46, 60, '00:02:00'));
  });

  it("lists a driver's trips across vehicles (itemsType D), with the vehicle first", async () => {
    const results = await tripsReport(await builderContext(day, { items: [day.maria], itemsType: 'D' }));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      title: 'Viagens - Maria',
      subtitle2: 'Condutor: Maria (CARD-1)',
      driverId: day.maria,
      header: ['Veículo', ...HEADER],
    });
    expect(results[0].deviceId).toBeUndefined();
    expect(results[0].data).toEqual([['Carro 1', ...D]]);
    expect(results[0].footer).toEqual([['', ...footer(1, '00:10:00', 10, 60, 60, '00:00:00')[0]]]);
    // Pedro is Carro 1's own driver: the trips without a card are his
    const pedro = await tripsReport(await builderContext(day, { items: [day.pedro], itemsType: 'D' }));
    expect(pedro[0].data.map((row) => row[1])).toEqual([A[0], B[0], E[0]]);
  });
});

describe('keepTrip and tripFilterText', () => {
  const trip = (distanceM: number, durationMs: number, work: boolean) =>
    ({ distanceM, durationMs, work }) as TripInfo;
  const ctx = (options: Record<string, unknown>) =>
    ({ request: { options: { select1: '', check1: false, ...options } } }) as unknown as Parameters<
      typeof keepTrip
    >[0];

  it.each([
    ['a long trip', {}, trip(5000, 600_000, false), true],
    [
      'exactly 100 m and 1 minute, short ones hidden',
      { check1: true },
      trip(SHORT_TRIP_M, SHORT_TRIP_MS, true),
      true,
    ],
    ['99 m, short ones hidden', { check1: true }, trip(99, 600_000, true), false],
    ['59 s, short ones hidden', { check1: true }, trip(5000, 59_000, true), false],
    ['99 m, short ones shown', {}, trip(99, 1000, true), true],
    ['a work trip, work only', { select1: '1' }, trip(5000, 600_000, true), true],
    ['a personal trip, work only', { select1: '1' }, trip(5000, 600_000, false), false],
    ['a work trip, personal only', { select1: '2' }, trip(5000, 600_000, true), false],
    ['a personal trip, personal only', { select1: '2' }, trip(5000, 600_000, false), true],
  ] as const)('%s: %s', (_what, options, t, kept) => {
    expect(keepTrip(ctx(options), t)).toBe(kept);
  });

  it('names both filters together', () => {
    expect(tripFilterText(ctx({ select1: '2', check1: true }))).toBe(
      'Viagens fora do horário de trabalho · Viagens curtas ocultas (menos de 100 m ou 1 minuto)',
    );
    expect(tripFilterText(ctx({}))).toBe('');
  });
});
