/**
 * Migration 3: the attributes every trip, stop and distance report reads (ignition, motion, totalDistance,
 * hours) as stored generated columns of `positions`. They are computed by the database from `attributes`
 * on every insert, so no writer can forget them, and reports read plain columns instead of parsing JSON on
 * millions of rows. SQLite cannot add a stored generated column to an existing table, so there the table
 * is rebuilt (rows copied in id order, ids kept); PostgreSQL adds them in place.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

/** Hot attribute -> column. Values are what `attributes ->> key` gives, numbers typed where possible. */
export const HOT_ATTRIBUTES = {
  ignition: 'ignition',
  motion: 'motion',
  totalDistance: 'total_distance',
  hours: 'hours',
} as const;

type HotKey = keyof typeof HOT_ATTRIBUTES;
export const NUMERIC: HotKey[] = ['totalDistance', 'hours'];

function expression(dialect: Dialect, key: HotKey): RawBuilder<unknown> {
  if (dialect === 'sqlite') return sql`(attributes ->> ${sql.lit(`$.${key}`)})`;
  // a number only when the JSON value is a number: a cast of a text value could fail an insert
  if (NUMERIC.includes(key))
    return sql`(CASE WHEN jsonb_typeof(attributes -> ${sql.lit(key)}) = 'number' THEN (attributes ->> ${sql.lit(key)})::double precision END)`;
  return sql`(attributes ->> ${sql.lit(key)})`;
}

function columnType(dialect: Dialect, key: HotKey) {
  if (NUMERIC.includes(key)) return dialect === 'postgres' ? 'double precision' : 'real';
  // SQLite: JSON true/false come out as 1/0 and other text stays text; PostgreSQL: the ->> text
  return dialect === 'postgres' ? 'text' : 'numeric';
}

const BASE_COLUMNS = [
  'id',
  'device_id',
  'protocol',
  'server_time',
  'device_time',
  'fix_time',
  'valid',
  'latitude',
  'longitude',
  'altitude',
  'speed',
  'course',
  'accuracy',
  'address',
  'event',
  'attributes',
];

async function rebuildSqlite(db: AnyDb): Promise<void> {
  const t = columnTypes('sqlite');
  let create = db.schema
    .createTable('positionsNew')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('protocol', 'varchar(32)')
    .addColumn('serverTime', 'bigint', (c) => c.notNull())
    .addColumn('deviceTime', 'bigint', (c) => c.notNull())
    .addColumn('fixTime', 'bigint', (c) => c.notNull())
    .addColumn('valid', t.bool, (c) => c.notNull())
    .addColumn('latitude', 'real', (c) => c.notNull())
    .addColumn('longitude', 'real', (c) => c.notNull())
    .addColumn('altitude', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('speed', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('course', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('accuracy', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('address', 'varchar(512)')
    .addColumn('event', 'integer')
    .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson));
  for (const key of Object.keys(HOT_ATTRIBUTES) as HotKey[])
    create = create.addColumn(HOT_ATTRIBUTES[key], columnType('sqlite', key), (c) =>
      c.generatedAlwaysAs(expression('sqlite', key)).stored(),
    );
  await create.execute();
  const cols = sql.raw(BASE_COLUMNS.join(', '));
  await sql`INSERT INTO positions_new (${cols}) SELECT ${cols} FROM positions ORDER BY id`.execute(db);
  await db.schema.dropTable('positions').execute();
  await sql`ALTER TABLE positions_new RENAME TO positions`.execute(db);
  await db.schema
    .createIndex('positionsDeviceFix')
    .on('positions')
    .columns(['deviceId', 'fixTime'])
    .execute();
}

export function migration003(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (dialect === 'sqlite') return rebuildSqlite(db);
      for (const key of Object.keys(HOT_ATTRIBUTES) as HotKey[])
        await sql`ALTER TABLE positions ADD COLUMN ${sql.ref(HOT_ATTRIBUTES[key])} ${sql.raw(
          columnType('postgres', key) as string,
        )} GENERATED ALWAYS AS ${expression('postgres', key)} STORED`.execute(db);
    },
    async down(db: AnyDb): Promise<void> {
      for (const key of Object.keys(HOT_ATTRIBUTES) as HotKey[])
        await db.schema.alterTable('positions').dropColumn(HOT_ATTRIBUTES[key]).execute();
    },
  };
}
