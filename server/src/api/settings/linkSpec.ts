/**
 * Which associations each settings form saves together with its item (document 1 §6 "Edit forms"), and the
 * link table that holds each of them.
 */
import type { EntityKind } from '../../auth/policy';
import type { LinkTable } from '../../db/schema';

export interface LinkDef {
  /** kind of the linked items */
  other: EntityKind;
  /** link table; `devices.groupId` for the vehicles of a group */
  table: LinkTable | 'deviceGroup';
  /** column of the saved item's id */
  self: string;
  /** column of the linked item's id */
  column: string;
}

const link = (other: EntityKind, table: LinkDef['table'], self: string, column: string): LinkDef => ({
  other,
  table,
  self,
  column,
});

export const LINKS: Record<EntityKind, Partial<Record<EntityKind, LinkDef>>> = {
  users: {
    devices: link('devices', 'userDevice', 'userId', 'deviceId'),
    groups: link('groups', 'userGroup', 'userId', 'groupId'),
    geofences: link('geofences', 'userGeofence', 'userId', 'geofenceId'),
  },
  groups: {
    devices: link('devices', 'deviceGroup', 'groupId', 'id'),
    geofences: link('geofences', 'groupGeofence', 'groupId', 'geofenceId'),
    drivers: link('drivers', 'groupDriver', 'groupId', 'driverId'),
    users: link('users', 'userGroup', 'groupId', 'userId'),
  },
  devices: {
    geofences: link('geofences', 'deviceGeofence', 'deviceId', 'geofenceId'),
    drivers: link('drivers', 'deviceDriver', 'deviceId', 'driverId'),
    notifications: link('notifications', 'deviceNotification', 'deviceId', 'notificationId'),
  },
  drivers: {
    groups: link('groups', 'groupDriver', 'driverId', 'groupId'),
  },
  notifications: {
    devices: link('devices', 'deviceNotification', 'notificationId', 'deviceId'),
  },
  geofences: {
    devices: link('devices', 'deviceGeofence', 'geofenceId', 'deviceId'),
    groups: link('groups', 'groupGeofence', 'geofenceId', 'groupId'),
  },
};

/** The wanted id lists of a save: `{ devices: [1, 2], geofences: [] }`; a kind left out is not touched. */
export type LinkSets = Partial<Record<EntityKind, number[]>>;
