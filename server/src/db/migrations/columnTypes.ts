/** Column types per dialect, so each migration is written once. */
import { sql, type ColumnDataType, type Expression } from 'kysely';
import type { Dialect } from '../database';

export interface ColumnTypes {
  bool: ColumnDataType;
  json: ColumnDataType;
  id: ColumnDataType;
  bigId: ColumnDataType;
  falseDefault: Expression<unknown>;
  emptyJson: Expression<unknown>;
}

export function columnTypes(dialect: Dialect): ColumnTypes {
  if (dialect === 'postgres') {
    return {
      bool: 'boolean',
      json: 'jsonb',
      id: 'serial',
      bigId: 'bigserial',
      falseDefault: sql`false`,
      emptyJson: sql`'{}'::jsonb`,
    };
  }
  return {
    bool: 'integer',
    json: 'text',
    id: 'integer',
    bigId: 'integer',
    falseDefault: sql`0`,
    emptyJson: sql`'{}'`,
  };
}
