/**
 * The speeding report (REPORTS.md §3 speeding) over the hand-made day of testing/builderDay.ts: the
 * vehicle's limit 50 km/h, Escola's 40 km/h on trip C's way, a road limit of 25 km/h on trip B's first
 * five minutes; episodes from the first fix over the limit (plus the tolerance) to the first one back
 * under it, kept when they last at least the tolerance in seconds. Worked out by hand from the track.
 *
 * Mutations this catches: the lowest applicable limit not taken (Escola inside the vehicle's 50), road
 * limits read without check1, the tolerance added to the speed instead of the limit (or `>` made `>=`),
 * the duration tolerance kept exclusive at exactly 600 s, the zone filter (check2) ignored, the episode
 * ending at the last fix over the limit, the driver not taken from the card or the vehicle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderContext, builderDay, type BuilderDay } from '../testing/builderDay';
import { speedingReport } from './speeding';

// [start, end, duration, top, average, limit, excess, limit source, place, driver]
// prettier-ignore
const A = ['11/03/2025 07:00:00', '11/03/2025 07:20:00', '00:20:00', 60, 60, 50, 10, 'Veículo', 'P 07:00:00', 'Pedro'];
// prettier-ignore
const ROAD = ['11/03/2025 07:40:00', '11/03/2025 07:45:00', '00:05:00', 30, 30, 25, 5, 'Estrada', 'P 07:40:00', 'Pedro'];
// prettier-ignore
const ESCOLA = ['11/03/2025 08:19:00', '11/03/2025 08:21:00', '00:02:00', 45, 45, 40, 5, 'Zona: Escola', 'P 08:19:00', 'CARD-X'];
// prettier-ignore
const D = ['11/03/2025 09:30:00', '11/03/2025 09:40:00', '00:10:00', 60, 60, 50, 10, 'Veículo', 'P 09:30:00', 'Maria'];

const total = (n: number, time: string, top: number) => [
  ['Total', `${n} ${n === 1 ? 'excesso' : 'excessos'}`, time, top, '', '', '', '', '', ''],
];

describe('speeding report', () => {
  let day: BuilderDay;
  beforeAll(async () => {
    day = await builderDay();
  });
  afterAll(async () => {
    await day.db.close();
  });

  const run = async (options: Record<string, unknown> = {}, geofences: number[] = []) =>
    speedingReport(await builderContext(day, { items: [day.car1, day.car2], options, geofences }));

  it('finds the episodes over the vehicle and zone limits, the lowest limit first', async () => {
    const results = await run();
    expect(results).toHaveLength(1);
    const [r] = results;
    expect(r).toMatchObject({
      report: 'speeding',
      deviceId: day.car1,
      title: 'Excessos de velocidade - Carro 1',
      subtitle3: 'Tolerância: 0 km/h, 0 s',
      header: [
        'Início',
        'Fim',
        'Duração',
        'Vel. máxima (km/h)',
        'Vel. média (km/h)',
        'Limite (km/h)',
        'Excesso (km/h)',
        'Origem do limite',
        'Local',
        'Condutor',
      ],
      data_format: ['', '', '', '', '', '', 'red', '', '', ''],
    });
    expect(r.data).toEqual([A, ESCOLA, D]);
    expect(r.footer).toEqual(total(3, '00:32:00', 60));
  });

  it('reads the road limits of the positions with check1', async () => {
    const [r] = await run({ check1: true });
    expect(r.subtitle3).toBe('Tolerância: 0 km/h, 0 s · Limites das estradas');
    expect(r.data).toEqual([A, ROAD, ESCOLA, D]);
  });

  it.each([
    ['9 km/h: 60 is still over 50 + 9', { text1: '9' }, [A, D]],
    ['10 km/h: 60 is not over 50 + 10', { text1: '10' }, []],
    ['a decimal comma, 4,5 km/h', { text1: '4,5' }, [A, ESCOLA, D]],
    ['600 s: exactly 10 minutes is kept', { text2: '600' }, [A, D]],
    ['601 s', { text2: '601' }, [A]],
  ])('tolerance %s', async (_what, options, rows) => {
    const results = await run(options);
    expect(results.flatMap((r) => r.data)).toEqual(rows);
  });

  it('names the tolerance in the subtitle', async () => {
    const [r] = await run({ text1: '5', text2: '30' });
    expect(r.subtitle3).toBe('Tolerância: 5 km/h, 30 s');
    expect(r.data).toEqual([A, D]);
    expect(r.footer).toEqual(total(2, '00:30:00', 60));
  });

  it("with check2 counts only the chosen zones' limits, inside them", async () => {
    const [r] = await run({ check2: true }, [day.escola]);
    expect(r.subtitle3).toBe('Tolerância: 0 km/h, 0 s · Zonas: Escola');
    expect(r.data).toEqual([ESCOLA]);
    expect(r.footer).toEqual(total(1, '00:02:00', 45));
    // a chosen zone without a limit: nothing to break
    expect(await run({ check2: true }, [day.base])).toEqual([]);
  });

  it("lists a driver's episodes (itemsType D) with the vehicle first", async () => {
    const ctx = await builderContext(day, { items: [day.maria], itemsType: 'D' });
    const results = await speedingReport(ctx);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ title: 'Excessos de velocidade - Maria', driverId: day.maria });
    expect(results[0].data).toEqual([['Carro 1', ...D]]);
  });
});
