/** Which link table answers "items of kind X linked to the object Y" for association look-ups. */
import type { EntityKind } from '../auth/policy';
import type { LinkTable } from '../db/schema';

export interface LinkLookup {
  table: LinkTable | 'devices';
  /** column holding the id given in the query */
  by: string;
  /** column holding the id of the listed kind */
  pick: string;
}

export const LOOKUPS: Record<EntityKind, Record<string, LinkLookup>> = {
  devices: {
    userId: { table: 'userDevice', by: 'userId', pick: 'deviceId' },
    groupId: { table: 'devices', by: 'groupId', pick: 'id' },
    geofenceId: { table: 'deviceGeofence', by: 'geofenceId', pick: 'deviceId' },
    notificationId: { table: 'deviceNotification', by: 'notificationId', pick: 'deviceId' },
    driverId: { table: 'deviceDriver', by: 'driverId', pick: 'deviceId' },
  },
  groups: {
    userId: { table: 'userGroup', by: 'userId', pick: 'groupId' },
    driverId: { table: 'groupDriver', by: 'driverId', pick: 'groupId' },
    geofenceId: { table: 'groupGeofence', by: 'geofenceId', pick: 'groupId' },
  },
  geofences: {
    userId: { table: 'userGeofence', by: 'userId', pick: 'geofenceId' },
    groupId: { table: 'groupGeofence', by: 'groupId', pick: 'geofenceId' },
    deviceId: { table: 'deviceGeofence', by: 'deviceId', pick: 'geofenceId' },
  },
  drivers: {
    userId: { table: 'userDriver', by: 'userId', pick: 'driverId' },
    groupId: { table: 'groupDriver', by: 'groupId', pick: 'driverId' },
    deviceId: { table: 'deviceDriver', by: 'deviceId', pick: 'driverId' },
  },
  notifications: {
    userId: { table: 'userNotification', by: 'userId', pick: 'notificationId' },
    deviceId: { table: 'deviceNotification', by: 'deviceId', pick: 'notificationId' },
  },
  users: {
    userId: { table: 'userUser', by: 'userId', pick: 'managedUserId' },
    groupId: { table: 'userGroup', by: 'groupId', pick: 'userId' },
  },
};

/** The kind an id key refers to. */
export const KEY_KIND: Record<string, EntityKind> = {
  userId: 'users',
  managedUserId: 'users',
  deviceId: 'devices',
  groupId: 'groups',
  geofenceId: 'geofences',
  driverId: 'drivers',
  notificationId: 'notifications',
};

/** Link table of a pair of keys, in either order. */
export const LINK_TABLES: Array<{ table: LinkTable; keys: [string, string] }> = [
  { table: 'userDevice', keys: ['userId', 'deviceId'] },
  { table: 'userGroup', keys: ['userId', 'groupId'] },
  { table: 'userGeofence', keys: ['userId', 'geofenceId'] },
  { table: 'userDriver', keys: ['userId', 'driverId'] },
  { table: 'userNotification', keys: ['userId', 'notificationId'] },
  { table: 'userUser', keys: ['userId', 'managedUserId'] },
  { table: 'groupGeofence', keys: ['groupId', 'geofenceId'] },
  { table: 'groupDriver', keys: ['groupId', 'driverId'] },
  { table: 'deviceGeofence', keys: ['deviceId', 'geofenceId'] },
  { table: 'deviceNotification', keys: ['deviceId', 'notificationId'] },
  { table: 'deviceDriver', keys: ['deviceId', 'driverId'] },
];

export function linkTableFor(
  link: Record<string, number>,
): { table: LinkTable; keys: [string, string] } | undefined {
  const names = Object.keys(link);
  if (names.length !== 2) return undefined;
  return LINK_TABLES.find((l) => l.keys.every((k) => names.includes(k)));
}

/** The owner link written when a non-administrator creates an item, so the creator keeps seeing it. */
export const OWNER_LINK: Partial<Record<EntityKind, { table: LinkTable; column: string }>> = {
  devices: { table: 'userDevice', column: 'deviceId' },
  groups: { table: 'userGroup', column: 'groupId' },
  geofences: { table: 'userGeofence', column: 'geofenceId' },
  drivers: { table: 'userDriver', column: 'driverId' },
  notifications: { table: 'userNotification', column: 'notificationId' },
  users: { table: 'userUser', column: 'managedUserId' },
};
