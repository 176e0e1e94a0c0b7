/**
 * The partitions of a partitioned table (migration 022) as the database has them: name and range, or the
 * DEFAULT partition. Names come from the catalogue and are checked before they are written into DDL.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface PartitionInfo {
  name: string;
  /** range [from, to) in epoch ms; absent for the DEFAULT partition or an unbounded range */
  from?: number;
  to?: number;
  isDefault: boolean;
}

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

/** A table name safe to write into a statement (catalogue names of this schema's own tables). */
export function checkedName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`unexpected table name ${JSON.stringify(name)}`);
  return name;
}

export function parseBound(name: string, bound: string): PartitionInfo {
  if (bound.trim() === 'DEFAULT') return { name, isDefault: true };
  const range = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(bound);
  if (!range) return { name, isDefault: false };
  return { name, from: Number(range[1]), to: Number(range[2]), isDefault: false };
}

/** The partitions of `table`, ordered by range (the DEFAULT partition and unbounded ones last). */
export async function listPartitions(db: Db, table: string): Promise<PartitionInfo[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = to_regclass(${checkedName(table)})`.execute(db.kysely);
  return rows
    .map((r) => parseBound(checkedName(r.name), r.bound))
    .sort((a, b) => (a.from ?? Infinity) - (b.from ?? Infinity) || a.name.localeCompare(b.name));
}
