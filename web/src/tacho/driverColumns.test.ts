import { describe, expect, it } from 'vitest';
import { WORKING_STATES } from '@frota/core';
import i18n from '../app/i18n';
import { driverColumns, stateLabel } from './driverColumns';

const t = i18n.t.bind(i18n);
const COUNTERS = [
  'Driver1RemainingTimeUntilNextBreakOrRest',
  'Driver1DurationOfNextBreakRest',
  'Driver1TimeLeftUntilNewDailyRestPeriod',
  'Driver1TimeLeftUntilNewWeeklyRestPeriod',
  'Driver1MinimumDailyRest',
  'Driver1MinimumWeeklyRest',
];

describe('tacho driver columns (document 3 §2)', () => {
  it('lists activity, name, last vehicle, last update, then the six counters', () => {
    expect(driverColumns(t, String).map((c) => c.field)).toEqual([
      'state',
      'fullName',
      'vehicle',
      'lastSeen',
      ...COUNTERS,
    ]);
  });

  it('puts the counters right after the name on a phone', () => {
    expect(driverColumns(t, String, true).map((c) => c.field)).toEqual([
      'state',
      'fullName',
      ...COUNTERS,
      'vehicle',
      'lastSeen',
    ]);
  });

  it('names the states of document 3 §4 verbatim and leaves 4, 5 and none blank', () => {
    expect(WORKING_STATES.map((s) => stateLabel(t, s))).toEqual([
      'Descanso',
      'Disponível',
      'Trabalho',
      'Condução',
      'Erro',
      'Indisponível',
    ]);
    expect(([4, 5, null] as const).map((s) => stateLabel(t, s))).toEqual(['', '', '']);
  });

  it('gives each counter its full name as the header tooltip', () => {
    const first = driverColumns(t, String).find((c) => c.field === COUNTERS[0]);
    expect(first?.description).toBe('Tempo até à próxima pausa ou descanso');
    expect(first?.type).toBe('number');
  });
});
