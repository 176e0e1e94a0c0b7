/** Migration 010: refills tables. */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

type AnyDb = Kysely<unknown>;

export function migration010(dialect: Dialect) {
  void dialect;
  return {
    async up(db: AnyDb): Promise<void> {
      void db;
    },
    async down(db: AnyDb): Promise<void> {
      void db;
    },
  };
}
