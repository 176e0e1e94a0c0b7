/** The refill demo data (seedRefillsDemo): stations, operators, profiles and three months of refills. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumptionState } from '@frota/core';
import { migrateToLatest } from '../../../src/db/migrate';
import { parseJson } from '../../../src/db/mapping';
import { verifyPassword } from '../../../src/auth/password';
import {
  demoProfile,
  seedRefillsDemo,
  DEMO_APP,
  DEMO_OPERATOR_PASSWORD,
} from '../../../src/modules/refills/demoSeed';
import { readAppVersion, writeAppVersion } from '../../../src/modules/refills/appVersion';
import { dialects, freshDatabase, insertDevice, insertPosition } from '../../harness';

describe.each(dialects())('refill demo seed (%s)', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const devices: number[] = [];
  const now = Date.UTC(2026, 10, 25, 9);

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    await migrateToLatest(fresh.db);
    for (let i = 0; i < 4; i++) devices.push(await insertDevice(fresh.db, `Demo ${i}`, `demo-rf-${i}`));
    // a car's 60 L tank
    await fresh.db.kysely
      .updateTable('devices')
      .set({ attributes: JSON.stringify({ fuel_tank_capacity: 60 }) })
      .where('id', '=', devices[1])
      .execute();
    // its tracker's odometer (metres, no io192) and a longer counted km
    await insertPosition(fresh.db, devices[0], now - 60_000, {
      attributes: { odometer: 11_533_180, totalDistance: 11_533_180 + 9_000, hours: 2_000 * 3_600_000 },
      latest: true,
    });
    await seedRefillsDemo(fresh.db, devices, now);
    await seedRefillsDemo(fresh.db, devices, now); // a second run adds nothing
  });
  afterAll(async () => {
    await fresh?.db.close();
    await fresh?.drop();
  });

  it('adds stations, operators and three months of refills with some yellow and red', async () => {
    const k = fresh.db.kysely;
    const stations = await k.selectFrom('refillStations').selectAll().orderBy('id').execute();
    expect(stations.map((s) => Number(s.mainStationId) === 0)).toEqual([true, false]);
    const operators = await k.selectFrom('refillOperators').selectAll().execute();
    expect(operators).toHaveLength(2);
    expect(await verifyPassword(DEMO_OPERATOR_PASSWORD, operators[0].hashedPassword, operators[0].salt)).toBe(
      true,
    );
    expect(await k.selectFrom('refillDevices').select('deviceId').execute()).toHaveLength(4);
    const refills = await k.selectFrom('refills').selectAll().execute();
    expect(refills.length).toBeGreaterThan(4 * 10);
    expect(Math.min(...refills.map((r) => Number(r.costDate)))).toBeGreaterThanOrEqual(now - 91 * 86_400_000);
    expect(new Set(refills.map((r) => r.type))).toEqual(new Set(['A', 'M']));
    const states = refills.map((r) =>
      consumptionState(
        r.consumptionL100km == null ? null : Number(r.consumptionL100km),
        r.consumptionL100kmYellow == null ? null : Number(r.consumptionL100kmYellow),
        r.consumptionL100kmRed == null ? null : Number(r.consumptionL100kmRed),
      ),
    );
    expect(states).toContain('green');
    expect(states).toContain('yellow');
    expect(states).toContain('red');
    expect(refills.filter((r) => Number(r.sequence) === 1)).toHaveLength(4);
  });

  it("ends each vehicle's refills below the km its tracker shows now, not past it", async () => {
    const refills = await fresh.db.kysely
      .selectFrom('refills')
      .select(['km'])
      .where('deviceId', '=', devices[0])
      .orderBy('costDate')
      .execute();
    const km = refills.map((r) => Number(r.km));
    expect(km.length).toBeGreaterThan(10);
    // the tracker's odometer reads 11,533.2 km: the last refill a little before it, the chain rising to it
    expect(Math.max(...km)).toBe(km.at(-1));
    expect(km.at(-1)).toBeLessThan(11_533.2);
    expect(km.at(-1)).toBeGreaterThan(11_533.2 - 250);
    expect(km[0]).toBeGreaterThan(11_533.2 - 12_000);
  });

  it("ends the refills' engine hours below the vehicle's own, and gives it its station's fuel", async () => {
    const k = fresh.db.kysely;
    const refills = await k
      .selectFrom('refills')
      .select(['hours', 'fuelType'])
      .where('deviceId', '=', devices[0])
      .orderBy('costDate')
      .execute();
    const hours = refills.map((r) => Number(r.hours));
    expect(Math.max(...hours)).toBe(hours.at(-1));
    expect(hours.at(-1)).toBeLessThan(2_000);
    expect(hours.at(-1)).toBeGreaterThan(2_000 - 20);
    const device = await k
      .selectFrom('devices')
      .select('attributes')
      .where('id', '=', devices[0])
      .executeTakeFirstOrThrow();
    expect(parseJson(device.attributes).fuel_type).toBe(refills[0].fuelType);
  });

  it('never fills more than the tank holds, and gives a small tank the light profile', async () => {
    const k = fresh.db.kysely;
    const litres = await k
      .selectFrom('refills')
      .select('litres')
      .where('deviceId', '=', devices[1])
      .execute();
    expect(litres.length).toBeGreaterThan(10);
    expect(Math.max(...litres.map((r) => Number(r.litres)))).toBeLessThanOrEqual(60);
    const profile = await k
      .selectFrom('refillDevices')
      .select('consumptionProfile')
      .where('deviceId', '=', devices[1])
      .executeTakeFirstOrThrow();
    expect(profile.consumptionProfile).toBe('Ligeiro');
  });

  it('gives boats and buses limits of their own, above the heavy and light ones, each red above its yellow', () => {
    const boat = demoProfile(false, 'boat');
    const bus = demoProfile(true, 'bus');
    const heavy = demoProfile(true, 'truck');
    const light = demoProfile(false, 'car');
    expect([boat.name, bus.name, heavy.name, light.name]).toEqual([
      'Embarcação',
      'Autocarro',
      'Pesado',
      'Ligeiro',
    ]);
    expect(boat.limits.lhYellow).toBeGreaterThan(heavy.limits.lhYellow);
    expect(boat.limits.l100kmYellow).toBeGreaterThan(heavy.limits.l100kmRed);
    expect(bus.limits).not.toEqual(heavy.limits);
    for (const { limits, normal } of [boat, bus, heavy, light]) {
      expect(limits.l100kmRed).toBeGreaterThan(limits.l100kmYellow);
      expect(limits.lhRed).toBeGreaterThan(limits.lhYellow);
      // the usual consumption is green
      expect(normal * 1.05).toBeLessThan(limits.l100kmYellow);
    }
  });

  it("gives the App Android dialog a link and a version, and keeps an administrator's", async () => {
    expect(DEMO_APP.apk_url).toMatch(/^https:\/\/\S+\.apk$/);
    expect(DEMO_APP.apk_version).not.toBe('');
    expect(await readAppVersion(fresh.db, {})).toEqual(DEMO_APP);
    const chosen = { apk_version: '3.0.0', apk_url: 'https://frota.ao/app.apk' };
    await writeAppVersion(fresh.db, chosen);
    await seedRefillsDemo(fresh.db, devices, now);
    expect(await readAppVersion(fresh.db, {})).toEqual(chosen);
  });
});
