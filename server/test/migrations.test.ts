import { describe, expect, it } from 'vitest';
import { dialects, freshDatabase } from './harness';
import { migrateToLatest } from '../src/db/migrate';

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
];

describe.each(dialects())('migrations on %s', (dialect) => {
  it('build every table from an empty database, once', async () => {
    const fresh = await freshDatabase(dialect);
    try {
      expect(await migrateToLatest(fresh.db)).toEqual(['001_core', '002_reports']);
      expect(await migrateToLatest(fresh.db)).toEqual([]);
      const tables = await fresh.db.kysely.introspection.getTables();
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
});
