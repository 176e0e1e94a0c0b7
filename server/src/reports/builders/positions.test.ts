/**
 * The positions report (REPORTS.md §3 positions) over the hand-made day of testing/builderDay.ts: one row
 * per stored position of the period (180), in time order, with speed in km/h, the odometer in km with one
 * decimal, the address, the card's driver and, for a private position and a user who may not see it,
 * only its time and validity.
 *
 * Mutations this catches: the position before the period listed, rows out of order, speed left in knots,
 * the odometer not in km, the driver's card not named, a private position's place or readings shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderContext, builderDay, lonAt, type BuilderDay } from '../testing/builderDay';
import { positionsReport } from './positions';

const lon = (metres: number) => Number(lonAt(metres).toFixed(6));

describe('positions report', () => {
  let day: BuilderDay;
  beforeAll(async () => {
    day = await builderDay();
  });
  afterAll(async () => {
    await day.db.close();
  });

  it('lists every position of the period, the private one blanked', async () => {
    const results = await positionsReport(await builderContext(day, { items: [day.car1, day.car2] }));
    expect(results).toHaveLength(1);
    const [r] = results;
    expect(r).toMatchObject({
      report: 'positions',
      deviceId: day.car1,
      title: 'Posições - Carro 1',
      subtitle3: '180 posições',
      header: [
        'Data',
        'Latitude',
        'Longitude',
        'Velocidade (km/h)',
        'Direcção (°)',
        'Ignição',
        'Odómetro (km)',
        'Morada',
        'Condutor',
        'Válida',
      ],
      footer: [],
      extra: {},
    });
    expect(r.data).toHaveLength(day.positions);
    expect(r.data.slice(0, 3)).toEqual([
      ['11/03/2025 06:00:00', -8.8, 13.2, 0, 90, 'Não', 5000, 'P 06:00:00', '', 'Sim'],
      ['11/03/2025 06:30:00', -8.8, 13.2, 0, 90, 'Não', 5000, 'P 06:30:00', '', 'Sim'],
      ['11/03/2025 07:00:00', -8.8, 13.2, 60, 90, 'Sim', 5000, 'P 07:00:00', '', 'Sim'],
    ]);
    const row = (time: string) => r.data.find((x) => x[0] === `11/03/2025 ${time}`);
    // 07:00:30: 500 m on at 60 km/h
    expect(row('07:00:30')).toEqual([
      '11/03/2025 07:00:30',
      -8.8,
      lon(500),
      60,
      90,
      'Sim',
      5000.5,
      'P 07:00:30',
      '',
      'Sim',
    ]);
    expect(row('08:15:00')).toEqual([
      '11/03/2025 08:15:00',
      -8.8,
      lon(32_750),
      45,
      90,
      'Sim',
      5032.8,
      'P 08:15:00',
      'CARD-X',
      'Sim',
    ]);
    expect(row('09:35:00')).toEqual([
      '11/03/2025 09:35:00',
      -8.8,
      lon(49_000),
      60,
      90,
      'Sim',
      5049,
      'P 09:35:00',
      'Maria',
      'Sim',
    ]);
    expect(row('09:40:00')).toEqual(['11/03/2025 09:40:00', null, null, null, null, '', null, '', '', 'Sim']);
    expect(r.data.at(-1)).toEqual([
      '11/03/2025 12:30:30',
      -8.8,
      lon(54_200),
      0,
      90,
      'Não',
      5054.2,
      'P 12:30:30',
      '',
      'Sim',
    ]);
    const times = r.data.map((x) => String(x[0]));
    expect([...times].sort()).toEqual(times);
  });

  it('reads only the period asked', async () => {
    const ctx = await builderContext(day, {
      items: [day.car1],
      from: Date.UTC(2025, 2, 11, 6, 30), // 07:30 in Luanda
      to: Date.UTC(2025, 2, 11, 6, 40), // 07:40
    });
    const [r] = await positionsReport(ctx);
    expect(r.subtitle3).toBe('3 posições');
    expect(r.data.map((x) => x[0])).toEqual([
      '11/03/2025 07:30:00',
      '11/03/2025 07:35:00',
      '11/03/2025 07:40:00',
    ]);
    expect(await positionsReport(await builderContext(day, { items: [day.car2] }))).toEqual([]);
  });
});
