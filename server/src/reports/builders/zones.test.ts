/**
 * The zones report (REPORTS.md §3 zones) over the hand-made day of testing/builderDay.ts: each visit from
 * the first valid fix inside to the first one outside, the distance driven inside (odometer steps up to
 * the exit) and the top speed inside, worked out by hand from the track.
 *
 * Mutations this catches: a zone the vehicle is in before the period not entered at the period's start,
 * the exit taken at the last fix inside, the step that leaves not counted inside, visits out of time
 * order, the zone filter (check2) ignored, a private position (09:40, inside Privado) making the visit
 * start there for a user who may not see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderContext, builderDay, type BuilderDay } from '../testing/builderDay';
import { zonesReport } from './zones';

// [zone, entry, exit, duration, km inside, top speed inside]
// in Base since the day before: from the period's start; leaves at 07:00:30 (500 m out, radius 300 m)
const BASE = ['Base', '11/03/2025 00:00:00', '11/03/2025 07:00:30', '07:00:30', 0.5, 60];
// trip A ends inside (07:20); trip B leaves it at 07:41:00, 500 m on
const CLIENTE = ['Cliente', '11/03/2025 07:20:00', '11/03/2025 07:41:00', '00:21:00', 0.5, 30];
// four positions inside on trip C at 45 km/h, 375 m apart: 1.5 km with the step out
const ESCOLA = ['Escola', '11/03/2025 08:19:00', '11/03/2025 08:21:00', '00:02:00', 1.5, 45];
// the private 09:40 is left out: entered at 10:10; left by trip E's 200 m
const PRIVADO = ['Privado', '11/03/2025 10:10:00', '11/03/2025 12:00:30', '01:50:30', 0.2, 24];

describe('zones report', () => {
  let day: BuilderDay;
  beforeAll(async () => {
    day = await builderDay();
  });
  afterAll(async () => {
    await day.db.close();
  });

  it('lists the visits to every visible zone in time order, with a total', async () => {
    const results = await zonesReport(await builderContext(day, { items: [day.car1, day.car2] }));
    expect(results).toHaveLength(1);
    const [r] = results;
    expect(r).toMatchObject({
      report: 'zones',
      deviceId: day.car1,
      title: 'Zonas - Carro 1',
      subtitle2: 'Matrícula: LD-10-20-AA · Grupo: Norte',
      subtitle3: '',
      header: ['Zona', 'Entrada', 'Saída', 'Duração', 'Distância (km)', 'Vel. máxima (km/h)'],
    });
    expect(r.data).toEqual([BASE, CLIENTE, ESCOLA, PRIVADO]);
    expect(r.footer).toEqual([['Total', '4 visitas', null, '09:14:00', 2.7, null]]);
  });

  it('keeps only the chosen zones with check2', async () => {
    const ctx = await builderContext(day, {
      items: [day.car1],
      options: { check2: true },
      geofences: [day.privado, day.cliente],
    });
    const [r] = await zonesReport(ctx);
    expect(r.subtitle3).toBe('Zonas: Cliente, Privado');
    expect(r.data).toEqual([CLIENTE, PRIVADO]);
    expect(r.footer).toEqual([['Total', '2 visitas', null, '02:11:30', 0.7, null]]);
    // chosen zones but none given: nothing to visit
    expect(
      await zonesReport(await builderContext(day, { items: [day.car1], options: { check2: true } })),
    ).toEqual([]);
  });

  it('leaves a visit open at the period end without an exit', async () => {
    const ctx = await builderContext(day, {
      items: [day.car1],
      to: Date.UTC(2025, 2, 11, 10, 0), // 11:00 in Luanda, parked in Privado
      options: { check2: true },
      geofences: [day.privado],
    });
    const [r] = await zonesReport(ctx);
    expect(r.data).toEqual([['Privado', '11/03/2025 10:10:00', null, '00:50:00', 0, 0]]);
  });
});
