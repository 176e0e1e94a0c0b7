/** Versioned migrations, run at start. */
import {
  Migrator,
  sql,
  type DatabaseIntrospector,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  type TableMetadata,
} from 'kysely';
import type { Db } from './database';
import { migration001 } from './migrations/001_core';
import { migration002 } from './migrations/002_reports';
import { migration003 } from './migrations/003_positionColumns';
import { migration004 } from './migrations/004_commands';
import { migration005 } from './migrations/005_compactCache';
import { migration006 } from './migrations/006_positionTallies';
import { migration007 } from './migrations/007_eventStatuses';
import { migration008 } from './migrations/008_deviceStatistics';
import { migration011 } from './migrations/011_eventTallies';
import { migration009 } from './migrations/009_management';
import { migration010 } from './migrations/010_refills';
import { migration012 } from './migrations/012_maintenanceNotifications';
import { migration013 } from './migrations/013_tachoDrivers';
import { migration014 } from './migrations/014_tachoFiles';
import { migration015 } from './migrations/015_cameras';
import { migration016 } from './migrations/016_passengers';
import { migration017 } from './migrations/017_savedCommands';
import { migration018 } from './migrations/018_calendars';
import { migration019 } from './migrations/019_computedAttributes';
import { migration020 } from './migrations/020_accessTokens';
import { migration021 } from './migrations/021_traccarReports';
import { migration022 } from './migrations/022_partitions';
import { migration023 } from './migrations/023_leaseRuns';
import { migration024 } from './migrations/024_segments';
import { migration025 } from './migrations/025_segmentFuel';
import { migration026 } from './migrations/026_tachoScope';
import { migration027 } from './migrations/027_scopedKeys';
import { migration028 } from './migrations/028_credentials';
import { migration029 } from './migrations/029_driverKeys';
import { migration030 } from './migrations/030_privatePositions';
import { migration031 } from './migrations/031_positionDeviceCheck';
import { migration032 } from './migrations/032_privateJsonFilter';
import { migration033 } from './migrations/033_writtenColumns';
import { installDerivedTriggers } from './positionDerived';

function provider(db: Db, extra: Record<string, Migration>): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      const own = Object.keys(extra).filter((name) => name in core(db));
      if (own.length) throw new Error(`migrations named twice: ${own.join(', ')}`);
      return { ...core(db), ...extra };
    },
  };
}

/** The core's migrations and those of the modules written before the manifests, by name. */
function core(db: Db): Record<string, Migration> {
  return {
    '001_core': migration001(db.dialect),
    '002_reports': migration002(db.dialect),
    '003_positionColumns': migration003(db.dialect),
    '004_commands': migration004(db.dialect),
    '005_compactCache': migration005(),
    '006_positionTallies': migration006(db.dialect),
    '007_eventStatuses': migration007(db.dialect),
    '008_deviceStatistics': migration008(db.dialect),
    '011_eventTallies': migration011(db.dialect),
    '009_management': migration009(db.dialect),
    '010_refills': migration010(db.dialect),
    '012_maintenanceNotifications': migration012(db.dialect),
    '013_tachoDrivers': migration013(db.dialect),
    '014_tachoFiles': migration014(db.dialect),
    '015_cameras': migration015(db.dialect),
    '016_passengers': migration016(db.dialect),
    '017_savedCommands': migration017(db.dialect),
    '018_calendars': migration018(db.dialect),
    '019_computedAttributes': migration019(db.dialect),
    '020_accessTokens': migration020(db.dialect),
    '021_traccarReports': migration021(db.dialect),
    '022_partitions': migration022(db.dialect),
    '023_leaseRuns': migration023(),
    '024_segments': migration024(db.dialect),
    '025_segmentFuel': migration025(db.dialect),
    '026_tachoScope': migration026(db.dialect),
    '027_scopedKeys': migration027(db.dialect),
    '028_credentials': migration028(db.dialect),
    '029_driverKeys': migration029(db.dialect),
    '030_privatePositions': migration030(db.dialect),
    '031_positionDeviceCheck': migration031(db.dialect),
    '032_privateJsonFilter': migration032(db.dialect),
    '033_writtenColumns': migration033(db.dialect),
  };
}

/** The migrations the modules bring in their manifests (`migrations`), for this database's dialect. */
export function moduleMigrations(
  modules: ReadonlyArray<{ migrations?: Record<string, (dialect: Db['dialect']) => Migration> }>,
  db: Db,
): Record<string, Migration> {
  const out: Record<string, Migration> = {};
  for (const module of modules)
    for (const [name, make] of Object.entries(module.migrations ?? {})) {
      if (name in out) throw new Error(`migration ${name} is named by two modules`);
      out[name] = make(db.dialect);
    }
  return out;
}

/**
 * The tables (and their columns) of this database's own schema. Kysely's PostgreSQL introspector reads the
 * columns of every schema in the database and fails when another session drops a table at that moment (a
 * test file's schema going away, a partition dropped by retention on another tenant's schema): this reads
 * only the schema the database works in.
 */
export async function ownTables(db: Db): Promise<TableMetadata[]> {
  if (db.dialect !== 'postgres') return db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  const { rows } = await sql<{
    schema: string;
    table: string;
    kind: string;
    column: string | null;
    type: string | null;
  }>`
    select n.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
      format_type(a.atttypid, a.atttypmod) as type
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = coalesce(${db.schema ?? null}::text, current_schema()) and c.relkind in ('r', 'v', 'p')
    order by c.relname, a.attnum`.execute(db.kysely);
  const tables = new Map<string, TableMetadata>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
      tables.set(row.table, table);
    }
    if (row.column)
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        isNullable: true,
        isAutoIncrementing: false,
        hasDefaultValue: false,
      });
  }
  return [...tables.values()];
}

/** `db.kysely` whose introspector sees only the database's own schema (see ownTables). */
function ownSchemaKysely(db: Db): Db['kysely'] {
  if (db.dialect !== 'postgres') return db.kysely;
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.kysely.introspection.getSchemas(),
    getTables: () => ownTables(db),
    getMetadata: async () => ({ tables: await ownTables(db) }),
  };
  return new Proxy(db.kysely, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const migrator = (db: Db, extra: Record<string, Migration> = {}) =>
  new Migrator({
    db: ownSchemaKysely(db),
    provider: provider(db, extra),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });

/**
 * PostgreSQL advisory lock held around every migration run: one migration at a time per database (several
 * nodes starting together, or test files migrating their own schemas side by side; the test harness takes
 * it to create and drop schemas).
 */
export const MIGRATION_LOCK_KEY = 72_450_117;

async function serialised<T>(db: Db, run: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return run();
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}

/** `extra`: the modules' migrations (moduleMigrations), run with the core's in name order. */
export async function migrateToLatest(db: Db, extra: Record<string, Migration> = {}): Promise<string[]> {
  return migrating(db, () => migrator(db, extra).migrateToLatest());
}

/** Up (or down) to the named migration: how the migrations of existing data are tested. */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  return migrating(db, () => migrator(db).migrateTo(name));
}

/**
 * Runs the migrations; then, on SQLite, this connection derives the positions' columns as the schema now
 * asks (positionDerived.ts), also after a migration that failed (those before it stay applied).
 */
async function migrating(db: Db, run: () => Promise<MigrationResultSet>): Promise<string[]> {
  try {
    return outcome(await serialised(db, run));
  } finally {
    if (db.sqlite?.open) installDerivedTriggers(db.sqlite);
  }
}

function outcome({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
