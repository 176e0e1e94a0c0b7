/** Traccar's computed-attribute links through /api/permissions: {userId|deviceId|groupId, attributeId}. */
import type { ObjectLinkKind } from '../objectLinks';
import { visibleAttributes } from './attributeAccess';

export const ATTRIBUTE_LINKS: ObjectLinkKind = {
  key: 'attributeId',
  owners: {
    userId: { table: 'userComputedAttribute', kind: 'users', permissions: ['settings.users'] },
    deviceId: { table: 'deviceComputedAttribute', kind: 'devices', permissions: ['settings.devices'] },
    groupId: { table: 'groupComputedAttribute', kind: 'groups', permissions: ['settings.groups'] },
  },
  canSeeObject: async (db, scope, id) =>
    (await visibleAttributes(db, scope).where('id', '=', id).executeTakeFirst()) !== undefined,
  shape: 'A computed attribute links to a user, device or group: {userId|deviceId|groupId, attributeId}',
};
