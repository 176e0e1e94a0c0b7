/** Traccar's saved-command links through /api/permissions: {userId|groupId|deviceId, commandId}. */
import type { ObjectLinkKind } from '../objectLinks';
import { canSeeCommand } from './savedCommands';

export const COMMAND_LINKS: ObjectLinkKind = {
  key: 'commandId',
  owners: {
    userId: {
      table: 'userCommand',
      kind: 'users',
      permissions: ['settings.users', 'settings.temporary_links'],
    },
    groupId: { table: 'groupCommand', kind: 'groups', permissions: ['settings.groups'] },
    deviceId: { table: 'deviceCommand', kind: 'devices', permissions: ['settings.devices'] },
  },
  canSeeObject: canSeeCommand,
  shape: 'A saved command links to a user, group or device: {userId|groupId|deviceId, commandId}',
};
