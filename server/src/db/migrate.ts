/** Versioned migrations, run at start. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { migration001 } from './migrations/001_core';
import { migration002 } from './migrations/002_reports';

function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return { '001_core': migration001(db.dialect), '002_reports': migration002(db.dialect) };
    },
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: provider(db),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
