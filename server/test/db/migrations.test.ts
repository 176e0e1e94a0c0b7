import { describe, expect, it } from 'vitest';
import { dialects, freshDatabase } from '../harness';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest, ownTables } from '../../src/db/migrate';
import { fromBool, toJson } from '../../src/db/mapping';

const TABLES = [
  'users',
  'groups',
  'devices',
  'drivers',
  'geofences',
  'notifications',
  'tags',
  'positions',
  'events',
  'sessions',
  'password_resets',
  'settings',
  'leases',
  'lease_runs',
  'segments',
  'segment_hours',
  'segment_progress',
  'user_device',
  'user_group',
  'user_geofence',
  'user_driver',
  'user_notification',
  'user_user',
  'group_geofence',
  'group_driver',
  'device_geofence',
  'device_notification',
  'device_driver',
  'report_scheduler',
  'compact_cache',
  'position_tallies',
  'event_statuses',
  'device_statistics',
  'event_tallies',
  'maintenances',
  'costs',
  'documents',
  'document_files',
  'refill_stations',
  'refill_operators',
  'refill_operator_sessions',
  'refill_devices',
  'refills',
  'maintenance_notifications',
  'maintenance_notification_devices',
  'maintenance_notification_runs',
  'tacho_drivers',
  'tacho_driver_states',
  'tacho_files',
  'tacho_file_contents',
  'tacho_schedules',
  'tacho_card_activity',
  'camera_media',
  'camera_media_contents',
];

describe.each(dialects())('migrations on %s', (dialect) => {
  it('build every table from an empty database, once', async () => {
    const fresh = await freshDatabase(dialect);
    try {
      expect(await migrateToLatest(fresh.db)).toEqual([
        '001_core',
        '002_reports',
        '003_positionColumns',
        '004_commands',
        '005_compactCache',
        '006_positionTallies',
        '007_eventStatuses',
        '008_deviceStatistics',
        '009_management',
        '010_refills',
        '011_eventTallies',
        '012_maintenanceNotifications',
        '013_tachoDrivers',
        '014_tachoFiles',
        '015_cameras',
        '016_passengers',
        '017_savedCommands',
        '018_calendars',
        '019_computedAttributes',
        '020_accessTokens',
        '021_traccarReports',
        '022_partitions',
        '023_leaseRuns',
        '024_segments',
        '025_segmentFuel',
        '026_tachoScope',
        '027_scopedKeys',
        '028_credentials',
        '029_driverKeys',
        '030_privatePositions',
        '031_positionDeviceCheck',
        '032_privateJsonFilter',
        '033_writtenColumns',
      ]);
      expect(await migrateToLatest(fresh.db)).toEqual([]);
      const tables = await ownTables(fresh.db);
      const names = tables.filter((t) => !fresh.db.schema || t.schema === fresh.db.schema).map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(TABLES));
      const positions = tables.find(
        (t) => t.name === 'positions' && (!fresh.db.schema || t.schema === fresh.db.schema),
      )!;
      expect(positions.columns.map((c) => c.name)).toEqual(
        expect.arrayContaining([
          'device_id',
          'fix_time',
          'latitude',
          'longitude',
          'speed',
          'course',
          'valid',
          'attributes',
        ]),
      );
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });

  it('keeps existing positions and derives the hot report columns from their attributes', async () => {
    const fresh = await freshDatabase(dialect);
    const k = fresh.db.kysely;
    try {
      await migrateTo(fresh.db, '002_reports');
      const device = await k
        .insertInto('devices')
        .values({
          name: 'V',
          uniqueId: '123',
          status: 'offline',
          disabled: fromBool(dialect, false),
          attributes: toJson({}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const position = (attributes: Record<string, unknown>, fixTime: number) => ({
        deviceId: Number(device.id),
        serverTime: fixTime,
        deviceTime: fixTime,
        fixTime,
        valid: fromBool(dialect, true),
        latitude: -8.8,
        longitude: 13.2,
        altitude: 0,
        speed: 0,
        course: 0,
        accuracy: 0,
        attributes: toJson(attributes),
      });
      const [old] = await k
        .insertInto('positions')
        .values(position({ ignition: true, motion: false, totalDistance: 1234.5, hours: 3_600_000 }, 1000))
        .returning('id')
        .execute();
      expect(await migrateToLatest(fresh.db)).toEqual([
        '003_positionColumns',
        '004_commands',
        '005_compactCache',
        '006_positionTallies',
        '007_eventStatuses',
        '008_deviceStatistics',
        '009_management',
        '010_refills',
        '011_eventTallies',
        '012_maintenanceNotifications',
        '013_tachoDrivers',
        '014_tachoFiles',
        '015_cameras',
        '016_passengers',
        '017_savedCommands',
        '018_calendars',
        '019_computedAttributes',
        '020_accessTokens',
        '021_traccarReports',
        '022_partitions',
        '023_leaseRuns',
        '024_segments',
        '025_segmentFuel',
        '026_tachoScope',
        '027_scopedKeys',
        '028_credentials',
        '029_driverKeys',
        '030_privatePositions',
        '031_positionDeviceCheck',
        '032_privateJsonFilter',
        '033_writtenColumns',
      ]);
      // the positions stored before the tallies existed are tallied by the migration
      const tally = await sql<{ p: number; t: number }>`
        SELECT positions AS p, time_sum AS t FROM position_tallies WHERE device_id = ${Number(device.id)}`.execute(
        k,
      );
      expect(tally.rows.map((r) => [Number(r.p), Number(r.t)])).toEqual([[1, 1000]]);
      const [later] = await k
        .insertInto('positions')
        .values(position({ ignition: false, totalDistance: 'garbage' }, 2000))
        .returning('id')
        .execute();
      const rows = await sql<{ id: number; ignition: unknown; motion: unknown; td: unknown; hours: unknown }>`
        SELECT id, ignition, motion, total_distance AS td, hours FROM positions ORDER BY id`.execute(k);
      const asBool = (v: unknown) => (v === null ? null : v === 1 || v === 'true');
      expect(rows.rows.map((r) => [Number(r.id), asBool(r.ignition), asBool(r.motion), r.hours])).toEqual([
        [Number(old.id), true, false, 3_600_000],
        [Number(later.id), false, null, null],
      ]);
      expect(Number(rows.rows[0].td)).toBe(1234.5);
      expect(rows.rows[1].td === null || rows.rows[1].td === 'garbage').toBe(true);
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
