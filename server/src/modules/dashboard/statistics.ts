/**
 * The dashboard's device statistics (document 2 §2.7, §3): read from `device_statistics`, which the
 * pipeline keeps (processing/stages/deviceStatistics.ts); never recomputed from the history.
 */
import type { Db } from '../../db/database';
import { whereVisible, type Scope } from '../../auth/policy';
import { toIso } from '../../db/mapping';
import type { DeviceStatistics } from '@frota/core';

export type { DeviceStatistics };

const utcText = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const num = (v: unknown): number => Number(v ?? 0);
const optNum = (v: unknown): number | null => (v == null ? null : Number(v));

/** Every vehicle the user sees, with its statistics (zeros and null times when it has no row). */
export async function readStatistics(db: Db, scope: Scope): Promise<DeviceStatistics[]> {
  let q = db.kysely
    .selectFrom('devices')
    .leftJoin('deviceStatistics', 'deviceStatistics.deviceId', 'devices.id')
    .select([
      'devices.id',
      'deviceStatistics.lastignition',
      'deviceStatistics.lastreset',
      'deviceStatistics.alertDeviceOverspeed',
      'deviceStatistics.alertHardAcceleration',
      'deviceStatistics.alertHardBraking',
      'deviceStatistics.alertHardCornering',
      'deviceStatistics.alertLowBattery',
      'deviceStatistics.alertSos',
    ])
    .orderBy('devices.id');
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  const rows = await q.execute();
  return rows.map((r) => {
    const lastreset = optNum(r.lastreset);
    return {
      deviceid: Number(r.id),
      lastignition: toIso(optNum(r.lastignition)),
      lastreset: toIso(lastreset),
      last_reset: utcText(lastreset),
      alert_deviceOverspeed: num(r.alertDeviceOverspeed),
      alert_hardAcceleration: num(r.alertHardAcceleration),
      alert_hardBraking: num(r.alertHardBraking),
      alert_hardCornering: num(r.alertHardCornering),
      alert_lowBattery: num(r.alertLowBattery),
      alert_sos: num(r.alertSos),
    };
  });
}

/** Counting starts again now for every vehicle (the ignition time is kept: it is compared to the reset). */
export async function resetStatistics(db: Db, now = Date.now()): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('deviceStatistics')
      .set({
        lastreset: now,
        alertDeviceOverspeed: 0,
        alertHardAcceleration: 0,
        alertHardBraking: 0,
        alertHardCornering: 0,
        alertLowBattery: 0,
        alertSos: 0,
      })
      .execute();
    // vehicles without a row (none unless one was written around the trigger) start now too
    await trx
      .insertInto('deviceStatistics')
      .columns(['deviceId', 'lastreset'])
      .expression((eb) =>
        eb
          .selectFrom('devices')
          .select((s) => ['devices.id', s.val(now).as('lastreset')])
          .where(
            'devices.id',
            'not in',
            eb.selectFrom('deviceStatistics').select('deviceStatistics.deviceId'),
          ),
      )
      .execute();
  });
}
