/**
 * Demo tachograph drivers (`npm run demo`), the situations of issue 20's "done when": one driver with
 * 25 minutes of driving left before his break (counters computed from his reported states), one whose tracker
 * says his weekly rest must start in 3 hours, one resting and one whose card was withdrawn. Runs once: not
 * when any driver row exists. `usualDrivers` (vehicle id → name) names the cards in the trucks now after the
 * drivers the map shows in them (their RFID key), so the tachograph and the map tell of the same person.
 */
import type { WorkingState } from '@frota/core';
import type { Db } from '../../../db/database';
import { parseJson } from '../../../db/mapping';
import type { DriverRow } from './driverRow';
import { saveDrivers } from './driverStore';
import type { StateSample } from './stateSamples';
import { vehiclePlate } from './driverTracker';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Samples every 10 minutes of `state` over [from, to). */
function held(card: string, deviceId: number, state: WorkingState, from: number, to: number): StateSample[] {
  const out: StateSample[] = [];
  for (let time = from; time < to; time += 10 * MINUTE) out.push({ cardNumber: card, deviceId, time, state });
  return out;
}

export async function seedTachoDriversDemo(
  db: Db,
  deviceIds: readonly number[],
  now: number,
  usualDrivers: ReadonlyMap<number, string> = new Map(),
): Promise<number> {
  if (!deviceIds.length) return 0;
  if (await db.kysely.selectFrom('tachoDrivers').select('cardNumber').limit(1).executeTakeFirst()) return 0;
  const devices = await db.kysely
    .selectFrom('devices')
    .select(['id', 'attributes'])
    .where('id', 'in', [...deviceIds])
    .execute();
  const plate = new Map(devices.map((d) => [Number(d.id), vehiclePlate(parseJson(d.attributes))]));
  const vehicle = (i: number) => deviceIds[i % deviceIds.length];
  /** A card's name as printed on it (capitals): the vehicle's usual driver, or the one given. */
  const cardName = (i: number, name: string, surname: string): [string, string] => {
    const usual = usualDrivers.get(vehicle(i))?.trim().split(/\s+/);
    if (!usual || usual.length < 2) return [name, surname];
    return [usual.slice(0, -1).join(' ').toUpperCase(), usual.at(-1)!.toUpperCase()];
  };
  const row = (
    card: string,
    name: string,
    surname: string,
    i: number,
    extra: Partial<DriverRow>,
  ): DriverRow => ({
    cardNumber: card,
    name,
    surname,
    deviceId: vehicle(i),
    licensePlate: plate.get(vehicle(i)) ?? null,
    slot: 1,
    lastSeen: now,
    workingState: 3,
    cardPresent: true,
    counters: {},
    countersTime: null,
    ...extra,
  });

  const joao = '0000000111020489';
  const driving = now - (4 * HOUR + 5 * MINUTE);
  const rows: DriverRow[] = [
    row(joao, ...cardName(0, 'JOÃO', 'SILVA'), 0, {}),
    row('0000000222030511', ...cardName(1, 'ANA', 'COSTA'), 1, {
      workingState: 2,
      counters: {
        Driver1RemainingTimeUntilNextBreakOrRest: 2 * 3600,
        Driver1DurationOfNextBreakRest: 45 * 60,
        Driver1TimeLeftUntilNewDailyRestPeriod: 3 * 3600,
        Driver1TimeLeftUntilNewWeeklyRestPeriod: 3 * 3600,
        Driver1MinimumDailyRest: 9 * 3600,
        Driver1MinimumWeeklyRest: 45 * 3600,
      },
      countersTime: now,
    }),
    row('0000000333040622', ...cardName(2, 'RUI', 'SANTOS'), 2, {
      workingState: 0,
      lastSeen: now - 3 * HOUR,
    }),
    row('0000000444050733', 'MARIA', 'FERREIRA', 3, {
      workingState: 1,
      cardPresent: false,
      lastSeen: now - 26 * HOUR,
    }),
  ];
  const samples = [
    // João: a weekly rest, a day's work and driving, a daily rest, then 4 h 05 of driving
    ...held(joao, vehicle(0), 0, now - 4 * 24 * HOUR, now - 2 * 24 * HOUR),
    ...held(joao, vehicle(0), 3, now - 2 * 24 * HOUR, now - 2 * 24 * HOUR + 4 * HOUR),
    ...held(joao, vehicle(0), 0, now - 2 * 24 * HOUR + 4 * HOUR, now - 2 * 24 * HOUR + 5 * HOUR),
    ...held(joao, vehicle(0), 3, now - 2 * 24 * HOUR + 5 * HOUR, now - 2 * 24 * HOUR + 9 * HOUR),
    ...held(joao, vehicle(0), 0, now - 2 * 24 * HOUR + 9 * HOUR, driving),
    ...held(joao, vehicle(0), 3, driving, now + 1),
    ...held('0000000333040622', vehicle(2), 0, now - 5 * HOUR, now - 3 * HOUR + 1),
  ];
  await saveDrivers(db, rows, samples, now);
  return rows.length;
}
