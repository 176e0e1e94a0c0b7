/**
 * Saved commands (Traccar's `tc_commands`) over the access policy: a user sees the commands linked to it,
 * to a user it manages, or to a group it sees (administrators see every one); a vehicle is offered the
 * commands linked to it or to its group and the group's parents.
 */
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database';
import { fromBool, parseJson, toBool } from '../../../db/mapping';
import { canSee, type Scope } from '../../../auth/policy';
import { notFound } from '../../../errors';

type Row = Record<string, unknown>;

export interface SavedCommand {
  id: number;
  deviceId: number;
  description: string;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

export function savedCommandJson(row: Row): SavedCommand {
  return {
    id: Number(row.id),
    deviceId: 0,
    description: String(row.description ?? ''),
    type: String(row.type),
    textChannel: toBool(row.textChannel),
    attributes: parseJson(row.attributes),
  };
}

export function savedCommandValues(db: Db, input: Omit<SavedCommand, 'id' | 'deviceId'>) {
  return {
    description: input.description,
    type: input.type,
    textChannel: fromBool(db.dialect, input.textChannel),
    attributes: JSON.stringify(input.attributes),
  };
}

const never = sql<SqlBool>`1 = 0`;

/** Ids of the saved commands the scope sees; undefined means every one (administrators). */
export function visibleCommandIds(db: Db, scope: Scope) {
  if (scope.admin) return undefined;
  const k = db.kysely;
  return k
    .selectFrom('savedCommands')
    .select('savedCommands.id as id')
    .where((eb) =>
      eb.or([
        eb(
          'savedCommands.id',
          'in',
          eb.selectFrom('userCommand').select('userCommand.commandId').where('userId', 'in', scope.userIds),
        ),
        scope.groupIds.length
          ? eb(
              'savedCommands.id',
              'in',
              eb
                .selectFrom('groupCommand')
                .select('groupCommand.commandId')
                .where('groupId', 'in', scope.groupIds),
            )
          : never,
      ]),
    );
}

export async function canSeeCommand(db: Db, scope: Scope, id: number): Promise<boolean> {
  let q = db.kysely.selectFrom('savedCommands').select('id').where('id', '=', id);
  const sub = visibleCommandIds(db, scope);
  if (sub) q = q.where('id', 'in', sub);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A saved command the scope sees, or 404. */
export async function visibleCommand(db: Db, scope: Scope, id: number): Promise<SavedCommand> {
  if (!(await canSeeCommand(db, scope, id))) throw notFound(`commandId ${id} not found`);
  const row = await db.kysely.selectFrom('savedCommands').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`commandId ${id} not found`);
  return savedCommandJson(row as Row);
}

/** The vehicle's group and every parent group above it. */
export async function groupChain(db: Db, groupId: number | null): Promise<number[]> {
  const chain: number[] = [];
  let next = groupId;
  while (next != null && !chain.includes(next)) {
    chain.push(next);
    const row = await db.kysely
      .selectFrom('groups')
      .select('groupId')
      .where('id', '=', next)
      .executeTakeFirst();
    next = row?.groupId == null ? null : Number(row.groupId);
  }
  return chain;
}

export interface CommandFilter {
  userId?: number;
  deviceId?: number;
  groupId?: number;
  keyword?: string;
}

/** Saved commands the scope sees, linked directly to the given user, vehicle or group when asked. */
export async function listSavedCommands(
  db: Db,
  scope: Scope,
  filter: CommandFilter,
): Promise<SavedCommand[]> {
  let q = db.kysely.selectFrom('savedCommands').selectAll();
  const sub = visibleCommandIds(db, scope);
  if (sub) q = q.where('id', 'in', sub);
  if (filter.userId !== undefined) {
    if (!(await canSee(db, scope, 'users', filter.userId)))
      throw notFound(`userId ${filter.userId} not found`);
    q = q.where(
      'id',
      'in',
      db.kysely.selectFrom('userCommand').select('commandId').where('userId', '=', filter.userId),
    );
  }
  if (filter.deviceId !== undefined) {
    if (!(await canSee(db, scope, 'devices', filter.deviceId)))
      throw notFound(`deviceId ${filter.deviceId} not found`);
    q = q.where(
      'id',
      'in',
      db.kysely.selectFrom('deviceCommand').select('commandId').where('deviceId', '=', filter.deviceId),
    );
  }
  if (filter.groupId !== undefined) {
    if (!(await canSee(db, scope, 'groups', filter.groupId)))
      throw notFound(`groupId ${filter.groupId} not found`);
    q = q.where(
      'id',
      'in',
      db.kysely.selectFrom('groupCommand').select('commandId').where('groupId', '=', filter.groupId),
    );
  }
  if (filter.keyword)
    q = q.where(sql`lower(${sql.ref('description')})`, 'like', `%${filter.keyword.toLowerCase()}%`);
  const rows = await q.orderBy('description').orderBy('id').execute();
  return rows.map((r) => savedCommandJson(r as Row));
}

/** Saved commands the scope sees that are linked to the vehicle, directly or through its groups. */
export async function commandsOfDevice(
  db: Db,
  scope: Scope,
  device: { id: number; groupId: number | null },
): Promise<SavedCommand[]> {
  const groups = await groupChain(db, device.groupId);
  let q = db.kysely
    .selectFrom('savedCommands')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('deviceCommand').select('commandId').where('deviceId', '=', device.id)),
        groups.length
          ? eb('id', 'in', eb.selectFrom('groupCommand').select('commandId').where('groupId', 'in', groups))
          : never,
      ]),
    );
  const sub = visibleCommandIds(db, scope);
  if (sub) q = q.where('id', 'in', sub);
  const rows = await q.orderBy('description').orderBy('id').execute();
  return rows.map((r) => savedCommandJson(r as Row));
}
