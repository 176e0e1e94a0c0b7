import { describe, expect, it } from 'vitest';
import { driverSearchTexts, parseCounters, toDriverRow } from './driverRows';

const COUNTERS = JSON.stringify({
  Driver1RemainingTimeUntilNextBreakOrRest: 1500,
  Driver1DurationOfNextBreakRest: 2700,
  Driver1TimeLeftUntilNewDailyRestPeriod: 14400,
  Driver1TimeLeftUntilNewWeeklyRestPeriod: 10800,
  Driver1MinimumDailyRest: 32400,
  Driver1MinimumWeeklyRest: null,
});

describe('tacho driver rows (document 3 §3, §7)', () => {
  it('reads the counters from their JSON text, in seconds, null where unknown', () => {
    expect(parseCounters(COUNTERS)).toEqual({
      Driver1RemainingTimeUntilNextBreakOrRest: 1500,
      Driver1DurationOfNextBreakRest: 2700,
      Driver1TimeLeftUntilNewDailyRestPeriod: 14400,
      Driver1TimeLeftUntilNewWeeklyRestPeriod: 10800,
      Driver1MinimumDailyRest: 32400,
      Driver1MinimumWeeklyRest: null,
    });
  });

  it('shows blank counters for missing, unreadable or non-numeric text', () => {
    const blank = parseCounters('not json');
    expect(Object.values(blank)).toEqual([null, null, null, null, null, null]);
    expect(parseCounters(null).Driver1MinimumDailyRest).toBeNull();
    expect(parseCounters('{"Driver1MinimumDailyRest":"abc"}').Driver1MinimumDailyRest).toBeNull();
    expect(parseCounters('{"Driver1MinimumDailyRest":"600"}').Driver1MinimumDailyRest).toBe(600);
    expect(parseCounters({ Driver1DurationOfNextBreakRest: 900 }).Driver1DurationOfNextBreakRest).toBe(900);
  });

  it('joins the names, names the last vehicle with its plate and keeps the card as the row key', () => {
    const row = toDriverRow(
      {
        uniqueid: '0000000111020489',
        name: 'JOAO',
        surname: 'SILVA',
        deviceName: 'Camião 12',
        license_plate: 'AA-11-BB',
        last_seen: '2026-11-25T10:00:00.000Z',
        working_state: 3,
        counters: COUNTERS,
      },
      4,
    );
    expect(row).toMatchObject({
      id: 5,
      card: '0000000111020489',
      fullName: 'JOAO SILVA',
      vehicle: 'Camião 12 (AA-11-BB)',
      plate: 'AA-11-BB',
      state: 3,
      Driver1RemainingTimeUntilNextBreakOrRest: 1500,
    });
    expect(toDriverRow({ uniqueid: 'X', surname: 'SILVA', license_plate: 'AA-11-BB' }, 0)).toMatchObject({
      fullName: 'SILVA',
      vehicle: 'AA-11-BB',
    });
    expect(toDriverRow({ uniqueid: 'X', deviceName: 'AA-11-BB', license_plate: 'AA-11-BB' }, 0).vehicle).toBe(
      'AA-11-BB',
    );
  });

  it('keeps the stored state 0–7 and nothing else', () => {
    const state = (working_state: unknown) =>
      toDriverRow({ uniqueid: 'X', working_state: working_state as number }, 0).state;
    expect(state(0)).toBe(0);
    expect(state('7')).toBe(7);
    // 4 and 5 as the tracker reported them (shown blank), not as 6 and 7
    expect(state(4)).toBe(4);
    expect(state('5')).toBe(5);
    expect(state(8)).toBeNull();
    expect(state(null)).toBeNull();
    expect(state('')).toBeNull();
  });

  it('searches the driver name and the plate', () => {
    const row = toDriverRow({ uniqueid: 'X', name: 'Ana', surname: 'Costa', license_plate: 'LD-22-33' }, 0);
    expect(driverSearchTexts(row)).toEqual(expect.arrayContaining(['Ana Costa', 'LD-22-33']));
  });
});
