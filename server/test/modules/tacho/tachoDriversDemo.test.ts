import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/db/migrate';
import { seedTachoDriversDemo } from '../../../src/modules/tacho/live/demoSeed';
import { listTachoDrivers } from '../../../src/modules/tacho/live/driverList';
import { dialects, freshDatabase, insertDevice } from '../../harness';

const admin = {
  user: { id: 1, administrator: true } as never,
  admin: true,
  temporary: false,
  userIds: [1],
  groupIds: [],
};

describe.each(dialects())('tachograph drivers demo on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let devices: number[];
  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    await migrateToLatest(fresh.db);
    devices = [
      await insertDevice(fresh.db, 'Camião 1', 'tacho-demo-1'),
      await insertDevice(fresh.db, 'Camião 2', 'tacho-demo-2'),
    ];
  });
  afterAll(async () => {
    await fresh.db.close();
    await fresh.drop();
  });

  it("shows the issue's situations: 25 minutes before the break, weekly rest in 3 hours; once", async () => {
    const now = Date.now();
    expect(await seedTachoDriversDemo(fresh.db, devices, now)).toBe(4);
    expect(await seedTachoDriversDemo(fresh.db, devices, now)).toBe(0);
    const rows = await listTachoDrivers(fresh.db, admin, {}, now, async () => []);
    expect(rows.map((r) => r.surname)).toEqual(['COSTA', 'FERREIRA', 'SANTOS', 'SILVA']);
    const counters = Object.fromEntries(rows.map((r) => [r.surname, JSON.parse(r.counters)]));
    expect(counters.SILVA.Driver1RemainingTimeUntilNextBreakOrRest).toBe(25 * 60);
    expect(rows.find((r) => r.surname === 'SILVA')!.counters_source).toBe('computed');
    expect(counters.COSTA.Driver1TimeLeftUntilNewWeeklyRestPeriod).toBe(3 * 3600);
    expect(rows.find((r) => r.surname === 'FERREIRA')!.card_present).toBe(false);
  });
});

describe.each(dialects())('tachograph drivers demo named after the map’s drivers on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  afterAll(async () => {
    await fresh.db.close();
    await fresh.drop();
  });

  it('prints the name of the driver the map shows in each truck on the card in it', async () => {
    fresh = await freshDatabase(dialect);
    await migrateToLatest(fresh.db);
    const trucks = [
      await insertDevice(fresh.db, 'Camião 1', 'tacho-named-1'),
      await insertDevice(fresh.db, 'Camião 2', 'tacho-named-2'),
      await insertDevice(fresh.db, 'Camião 3', 'tacho-named-3'),
    ];
    const usual = new Map([
      [trucks[0], 'Pedro Silva'],
      [trucks[1], 'Luísa Neto'],
      [trucks[2], 'Carlos Domingos'],
    ]);
    const now = Date.now();
    await seedTachoDriversDemo(fresh.db, trucks, now, usual);
    const rows = await listTachoDrivers(fresh.db, admin, {}, now, async () => []);
    const byTruck = new Map(rows.filter((r) => r.card_present).map((r) => [`${r.name} ${r.surname}`, r]));
    expect([...byTruck.keys()].sort()).toEqual(['CARLOS DOMINGOS', 'LUÍSA NETO', 'PEDRO SILVA']);
    // the card taken out a day ago belongs to another driver, who is not in a truck now
    expect(rows.find((r) => !r.card_present)?.surname).toBe('FERREIRA');
  });
});
