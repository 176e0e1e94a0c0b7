/**
 * Traccar's scheduled-report links through /api/permissions: {deviceId|groupId|userId, reportId} — what
 * traccar-web posts after creating a report.
 */
import type { ObjectLinkKind } from '../objectLinks';
import { canSeeReport } from './reportStore';

export const REPORT_LINKS: ObjectLinkKind = {
  key: 'reportId',
  owners: {
    userId: {
      table: 'userTraccarReport',
      kind: 'users',
      permissions: ['settings.users', 'settings.temporary_links'],
    },
    // linking vehicles to one's report is part of scheduling it (traccar-web's report pages do it)
    deviceId: { table: 'deviceTraccarReport', kind: 'devices', permissions: ['reports.schedules'] },
    groupId: { table: 'groupTraccarReport', kind: 'groups', permissions: ['reports.schedules'] },
  },
  canSeeObject: canSeeReport,
  shape: 'A report links to a device, group or user: {deviceId|groupId|userId, reportId}',
};
