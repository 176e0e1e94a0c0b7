/**
 * For the few queries whose columns are named at run time: the generic entity CRUD (`services/entities.ts`,
 * `api/settings/linkedStore.ts`) and the link tables picked by a pair of keys (`api/permissions.ts`,
 * Traccar's object links). Kysely checks a column only against a table type known at compile time; there
 * the table is one of several and its columns come from tables of names (`services/associations.ts`,
 * `api/settings/linkSpec.ts`), and the values from the row mappers (`rowValues`).
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Every table of the schema by its own name, its columns known only by name: values read as `unknown`. */
export type ColumnsByName = { [T in keyof Database]: Record<string, unknown> };

/** The same Kysely instance (or transaction), for columns named at run time. */
export function columnsByName(k: Kysely<Database>): Kysely<ColumnsByName> {
  // reason: the one view of the schema without column types (Kysely<Database> and Kysely<ColumnsByName> do
  // not overlap for the compiler); table names stay checked, and every column name comes from the tables of
  // names above (a request's key only once it matched one of them)
  return k as never;
}
