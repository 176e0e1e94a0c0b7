/**
 * The power take-off report (REPORTS.md §3 pto) over the hand-made day of testing/builderDay.ts: Carro 1
 * has pto_port 1; its input in1 is on 08:30-09:00 and again from 12:30:30 to the end of the day (the
 * positions before 08:30 do not carry in1). Worked out by hand from the track.
 *
 * Mutations this catches: the period ending at the last position with it on instead of the first one
 * off, an open period not running to the period's end (or past an earlier end), io{port} not read when
 * in{port} is missing, a port that is not a whole number accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderContext, builderDay, type BuilderDay } from '../testing/builderDay';
import { ptoInput, ptoReport } from './pto';

describe('power take-off report', () => {
  let day: BuilderDay;
  beforeAll(async () => {
    day = await builderDay();
  });
  afterAll(async () => {
    await day.db.close();
  });

  it('lists the periods with the input on, for the vehicles that have one', async () => {
    const results = await ptoReport(await builderContext(day, { items: [day.car1, day.car2] }));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      report: 'pto',
      deviceId: day.car1,
      title: 'Tomada de força - Carro 1',
      subtitle2: 'Matrícula: LD-10-20-AA · Grupo: Norte',
      header: ['Início', 'Fim', 'Duração', 'Local'],
      data: [
        ['11/03/2025 08:30:00', '11/03/2025 09:00:00', '00:30:00', 'P 08:30:00'],
        ['11/03/2025 12:30:30', '11/03/2025 23:59:59', '11:29:29', 'P 12:30:30'],
      ],
      footer: [['Total', '2 activações', '11:59:29', '']],
    });
  });

  it('cuts an open period at an earlier end of the period', async () => {
    const [r] = await ptoReport(
      await builderContext(day, { items: [day.car1], to: Date.UTC(2025, 2, 11, 7, 45) }), // 08:45 in Luanda
    );
    expect(r.data).toEqual([['11/03/2025 08:30:00', '11/03/2025 08:45:00', '00:15:00', 'P 08:30:00']]);
  });
});

describe('ptoInput', () => {
  it.each([
    [{ pto_port: 2 }, ['in2', 'io2']],
    [{ pto_port: '3' }, ['in3', 'io3']],
    [{ pto_port: 0 }, ['in0', 'io0']],
    [{ pto_port: -1 }, undefined],
    [{ pto_port: 1.5 }, undefined],
    [{ pto_port: 'x' }, undefined],
    [{}, undefined],
  ])('%j reads %j', (attributes, keys) => {
    expect(ptoInput(attributes)?.keys).toEqual(keys);
  });

  it('reads in{port}, else io{port}; undefined when the position says nothing', () => {
    const { flag } = ptoInput({ pto_port: 2 })!;
    expect(flag({ in2: true })).toBe(true);
    expect(flag({ in2: 0, io2: 1 })).toBe(false);
    expect(flag({ io2: 1 })).toBe(true);
    expect(flag({ io2: '0' })).toBe(false);
    expect(flag({ in1: true })).toBeUndefined();
  });
});
