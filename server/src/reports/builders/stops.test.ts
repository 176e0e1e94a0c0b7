/**
 * The stops report (REPORTS.md §3 stops) over the hand-made day of testing/builderDay.ts: every stop of at
 * least the minimum (5 minutes, or text1), its type (idling only, or with the ignition off), idle time,
 * place and odometer, worked out by hand from the track.
 *
 * Mutations this catches: the stop the period begins with (from the position before it) dropped or
 * started at that position instead of the period's start, the last stop not running to the period's end,
 * a 2-minute pause counted as a stop with the default minimum (or not with a 1-minute one), the type
 * filter inverted, text1 ignored or taken below 1 minute, a private place shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderContext, builderDay, lonAt, type BuilderDay } from '../testing/builderDay';
import { stopsReport } from './stops';

const lon = (metres: number) => Number(lonAt(metres).toFixed(6));
// by hand: [start, end, duration, type, idle, place, latitude, longitude, odometer]
const OFF = 'Ignição desligada';
// the period starts parked: the stop runs from 00:00, placed at the position before (no address: coordinates)
// prettier-ignore
const S0 = ['11/03/2025 00:00:00', '11/03/2025 07:00:00', '07:00:00', OFF, '00:00:00', '-8.800000, 13.200000', -8.8, 13.2, 5000];
// prettier-ignore
const S1 = ['11/03/2025 07:20:00', '11/03/2025 07:40:00', '00:20:00', OFF, '00:00:00', 'P 07:20:00', -8.8, lon(20_000), 5020];
// prettier-ignore
const S2 = ['11/03/2025 08:00:00', '11/03/2025 08:10:00', '00:10:00', 'Ralenti', '00:10:00', 'P 08:00:00', -8.8, lon(29_000), 5029];
// prettier-ignore
const S3 = ['11/03/2025 08:30:00', '11/03/2025 09:30:00', '01:00:00', OFF, '00:00:00', 'P 08:30:00', -8.8, lon(44_000), 5044];
// at a private position: no place for this (non-administrator) user
// prettier-ignore
const S4 = ['11/03/2025 09:40:00', '11/03/2025 12:00:00', '02:20:00', OFF, '00:00:00', '', null, null, 5054];
// runs to the period's end
// prettier-ignore
const S5 = ['11/03/2025 12:00:30', '11/03/2025 23:59:59', '11:59:29', OFF, '00:00:00', 'P 12:00:30', -8.8, lon(54_200), 5054];
// with a 1-minute minimum, the 2-minute pause inside trip B
// prettier-ignore
const PAUSE = ['11/03/2025 07:50:00', '11/03/2025 07:52:00', '00:02:00', 'Ralenti', '00:02:00', 'P 07:50:00', -8.8, lon(25_000), 5025];

const footer = (n: number, total: string, idle: string) => [
  ['Total', `${n} ${n === 1 ? 'paragem' : 'paragens'}`, total, '', idle, '', null, null, null],
];

describe('stops report', () => {
  let day: BuilderDay;
  beforeAll(async () => {
    day = await builderDay();
  });
  afterAll(async () => {
    await day.db.close();
  });

  const run = async (options: Record<string, unknown> = {}, items = [day.car1]) =>
    stopsReport(await builderContext(day, { items, options }));

  it('lists every stop of 5 minutes or more, with a total', async () => {
    const [r, ...rest] = await run();
    expect(rest).toEqual([]);
    expect(r).toMatchObject({
      report: 'stops',
      deviceId: day.car1,
      title: 'Paragens - Carro 1',
      subtitle2: 'Matrícula: LD-10-20-AA · Grupo: Norte',
      subtitle3: 'Paragens com ralenti e ignição desligada · Paragem mínima: 5 min',
      header: [
        'Início',
        'Fim',
        'Duração',
        'Tipo',
        'Ralenti',
        'Local',
        'Latitude',
        'Longitude',
        'Odómetro (km)',
      ],
    });
    expect(r.data).toEqual([S0, S1, S2, S3, S4, S5]);
    // the day less its 1 h 10 min 30 s of trips
    expect(r.footer).toEqual(footer(6, '22:49:29', '00:10:00'));
  });

  it('keeps only idling stops (select1 1) or only ignition-off ones (select1 2)', async () => {
    const [idle] = await run({ select1: '1' });
    expect(idle.data).toEqual([S2]);
    expect(idle.subtitle3).toBe('Só ralenti · Paragem mínima: 5 min');
    expect(idle.footer).toEqual(footer(1, '00:10:00', '00:10:00'));
    const [off] = await run({ select1: '2' });
    expect(off.data).toEqual([S0, S1, S3, S4, S5]);
    expect(off.subtitle3).toBe('Só ignição desligada · Paragem mínima: 5 min');
    expect(off.footer).toEqual(footer(5, '22:39:29', '00:00:00'));
  });

  it('reads the minimum from text1: 30 minutes merges the short stops into trips', async () => {
    const [r] = await run({ text1: '30' });
    expect(r.data).toEqual([S0, S3, S4, S5]);
    expect(r.subtitle3).toBe('Paragens com ralenti e ignição desligada · Paragem mínima: 30 min');
  });

  it('takes at least 1 minute: then the 2-minute pause inside trip B is a stop', async () => {
    for (const text1 of ['0', '1']) {
      const [r] = await run({ text1 });
      expect(r.data, text1).toEqual([S0, S1, PAUSE, S2, S3, S4, S5]);
      expect(r.subtitle3).toBe('Paragens com ralenti e ignição desligada · Paragem mínima: 1 min');
    }
  });

  it('falls back to 5 minutes for a minimum that is not a number', async () => {
    const [r] = await run({ text1: 'cinco' });
    expect(r.data).toEqual([S0, S1, S2, S3, S4, S5]);
  });

  it('gives no table to a vehicle without positions', async () => {
    expect(await run({}, [day.car2])).toEqual([]);
  });
});
