/**
 * The per-day reports (days.ts and its users km.ts and hours.ts) over the hand-made day of
 * testing/builderDay.ts, figures worked out by hand: 54.2 km, 1 h 08 min 30 s driving and 12 minutes idle
 * (the 2-minute pause of trip B and the 10 minutes at 08:00), the first ignition at 07:00 and the last
 * at 12:00:30 (when it went off), the hour meter from 1000 h to 1001.34 h (80.5 minutes with the ignition
 * on), the local days of a period cut in the user's timezone.
 *
 * Mutations this catches: the daily average divided by the period's days when some have not begun (or
 * counting a day without distance as active), the odometer read from the first position of the period
 * instead of the one before (a period starting mid-trip), the step across the period's start not cut, idle time counted as driving, the last ignition taken as the last position
 * with the ignition on, a vehicle without positions dropped from the km table, days cut in UTC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneFor } from '../../track/timezone';
import { at, builderContext, builderDay, DAY_FROM, DAY_TO, type BuilderDay } from '../testing/builderDay';
import { elapsedDays, engineMs, periodDays } from './days';
import { hoursReport } from './hours';
import { kmReport } from './km';

// [vehicle, plate, group, odometer start, end, km, active days, daily average, driving, top speed]
const CAR1_ONE_DAY = ['Carro 1', 'LD-10-20-AA', 'Norte', 5000, 5054, 54.2, 1, 54.2, '01:08:30', 60];
// no plate attribute: the name; no positions: zeros and no odometer
const CAR2 = ['Carro 2', 'Carro 2', 'Norte', null, null, 0, 0, 0, '00:00:00', 0];

let day: BuilderDay;
beforeAll(async () => {
  day = await builderDay();
});
afterAll(async () => {
  await day.db.close();
});

describe('km report', () => {
  it('gives one row per vehicle asked, zero rows included, and the fleet total', async () => {
    const results = await kmReport(await builderContext(day, { items: [day.car1, day.car2] }));
    expect(results).toHaveLength(1);
    const [r] = results;
    expect(r).toMatchObject({
      report: 'km',
      title: 'Quilómetros',
      subtitle: '11/03/2025 00:00:00 - 11/03/2025 23:59:59',
      subtitle2: '2 veículos',
      header: [
        'Veículo',
        'Matrícula',
        'Grupo',
        'Odómetro inicial (km)',
        'Odómetro final (km)',
        'Distância (km)',
        'Dias com actividade',
        'Média diária (km)',
        'Condução',
        'Vel. máxima (km/h)',
      ],
    });
    expect(r.data).toEqual([CAR1_ONE_DAY, CAR2]);
    expect(r.footer).toEqual([['Total', '', '', null, null, 54.2, null, 54.2, '01:08:30', null]]);
  });

  it('divides by every day of a period that is over: two days, one of them active', async () => {
    const [r] = await kmReport(await builderContext(day, { items: [day.car1], from: at(0, 0, 0, 10) }));
    expect(r.subtitle).toBe('10/03/2025 00:00:00 - 11/03/2025 23:59:59');
    // no position before the 10th: the odometer starts at the first one (22:00, 5000 km)
    expect(r.data).toEqual([['Carro 1', 'LD-10-20-AA', 'Norte', 5000, 5054, 54.2, 1, 27.1, '01:08:30', 60]]);
    expect(r.footer[0][7]).toBe(27.1);
  });

  it('starts mid-trip: the odometer of the position before the period, the first step cut at its start', async () => {
    // from 07:05:10: the position before is 07:05:00 (5005.0 km), the first inside 07:05:30 (5005.5 km);
    // 20 of the 30 s step count: 54.2 km less 5 km less 166.7 m, 1 h 08 min 30 s less 5 min 10 s driving
    const [r] = await kmReport(await builderContext(day, { items: [day.car1], from: at(7, 5, 10) }));
    expect(r.data).toEqual([['Carro 1', 'LD-10-20-AA', 'Norte', 5005, 5054, 49, 1, 49, '01:03:20', 60]]);
    const [h] = await hoursReport(await builderContext(day, { items: [day.car1], from: at(7, 5, 10) }));
    expect(h.data[0].slice(1, 6)).toEqual([
      '11/03/2025 07:05:30',
      '11/03/2025 12:00:30',
      '01:15:20',
      '01:03:20',
      '00:12:00',
    ]);
  });

  it('divides only by the days that have begun', async () => {
    const ctx = await builderContext(day, {
      items: [day.car1],
      to: at(23, 59, 59, 12),
      now: at(13, 0, 0, 11),
    });
    const [r] = await kmReport(ctx);
    expect(r.data[0][7]).toBe(54.2);
  });

  it('answers nothing when no vehicle has positions, or the period has not begun', async () => {
    expect(await kmReport(await builderContext(day, { items: [day.car2] }))).toEqual([]);
    // positions stamped in a period that starts after "now" (a clock ahead) give no daily figures
    expect(await kmReport(await builderContext(day, { items: [day.car1], now: at(23, 30, 0, 10) }))).toEqual(
      [],
    );
  });
});

describe('hours report', () => {
  it('gives the day with engine time: first and last ignition, engine, moving and idle time, meters', async () => {
    const results = await hoursReport(await builderContext(day, { items: [day.car1, day.car2] }));
    expect(results).toHaveLength(1);
    const [r] = results;
    expect(r).toMatchObject({
      report: 'hours',
      deviceId: day.car1,
      title: 'Horas - Carro 1',
      subtitle2: 'Matrícula: LD-10-20-AA · Grupo: Norte',
      header: [
        'Data',
        'Primeira ignição',
        'Última ignição',
        'Horas de motor',
        'Em movimento',
        'Ralenti',
        'Horímetro inicial (h)',
        'Horímetro final (h)',
      ],
    });
    expect(r.data).toEqual([
      [
        '11/03/2025',
        '11/03/2025 07:00:00',
        '11/03/2025 12:00:30',
        '01:20:30',
        '01:08:30',
        '00:12:00',
        1000,
        1001.34,
      ],
    ]);
    expect(r.footer).toEqual([['Total', null, null, '01:20:30', '01:08:30', '00:12:00', null, null]]);
  });

  it('leaves out the days without engine time', async () => {
    const [r] = await hoursReport(await builderContext(day, { items: [day.car1], from: at(0, 0, 0, 9) }));
    expect(r.data.map((row) => row[0])).toEqual(['11/03/2025']);
  });
});

describe('days of a period', () => {
  it('cuts local days in the user timezone, the first one from its midnight', async () => {
    const ctx = await builderContext(day, { items: [day.car1], from: at(15, 0, 0, 10), to: at(9, 0, 0, 12) });
    expect(periodDays(ctx)).toEqual([
      { key: '2025-03-10', start: Date.UTC(2025, 2, 9, 23) },
      { key: '2025-03-11', start: Date.UTC(2025, 2, 10, 23) },
      { key: '2025-03-12', start: Date.UTC(2025, 2, 11, 23) },
    ]);
    expect(elapsedDays({ ...ctx, end: at(0, 0, 0, 11) }).map((d) => d.key)).toEqual([
      '2025-03-10',
      '2025-03-11',
    ]);
    expect(elapsedDays({ ...ctx, end: at(0, 0, 0, 11) - 1 }).map((d) => d.key)).toEqual(['2025-03-10']);
  });

  it("follows a daylight-saving change: Lisbon's 23-hour day", async () => {
    const base = await builderContext(day, { items: [day.car1] });
    const ctx = {
      ...base,
      zone: zoneFor('Europe/Lisbon'),
      request: { ...base.request, from: Date.UTC(2025, 2, 29, 12), to: Date.UTC(2025, 2, 31, 12) },
    };
    expect(periodDays(ctx)).toEqual([
      { key: '2025-03-29', start: Date.UTC(2025, 2, 29) },
      { key: '2025-03-30', start: Date.UTC(2025, 2, 30) },
      { key: '2025-03-31', start: Date.UTC(2025, 2, 30, 23) },
    ]);
  });

  it('counts engine time as driving plus idle', () => {
    expect(engineMs(undefined)).toBe(0);
    const figures = { drivingMs: 60_000, idleMs: 1_000, offMs: 999_999 } as Parameters<typeof engineMs>[0];
    expect(engineMs(figures)).toBe(61_000);
    expect([DAY_FROM, DAY_TO]).toEqual([Date.UTC(2025, 2, 10, 23), Date.UTC(2025, 2, 11, 22, 59, 59)]);
  });
});
