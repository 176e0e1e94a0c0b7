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
