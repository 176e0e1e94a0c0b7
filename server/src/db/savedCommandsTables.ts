/** Table types of migration 017_savedCommands (issue 23: Traccar's saved commands and their links). */
import type { Generated } from 'kysely';

/** 0/1 in SQLite, boolean in PostgreSQL */
type Bool = number | boolean;
type Json = string | Record<string, unknown>;

/** A saved command, as Traccar's `tc_commands`: a type of our protocols with its attributes (`data`). */
export interface SavedCommandsTable {
  id: Generated<number>;
  description: string;
  type: string;
  /** sent by SMS rather than on the device's data connection */
  textChannel: Bool;
  attributes: Json;
}

export interface UserCommandTable {
  userId: number;
  commandId: number;
}
export interface GroupCommandTable {
  groupId: number;
  commandId: number;
}
export interface DeviceCommandTable {
  deviceId: number;
  commandId: number;
}

export interface SavedCommandTables {
  savedCommands: SavedCommandsTable;
  userCommand: UserCommandTable;
  groupCommand: GroupCommandTable;
  deviceCommand: DeviceCommandTable;
}
