/** Table types of migration 020_accessTokens (issue 23: session tokens, share links and the audit log). */
import type { Generated } from 'kysely';

/**
 * A token issued by POST /api/session/token or /api/share/{device,group}; the token itself is never
 * stored, only its SHA-256 (hex), so a read of the table opens no session.
 */
export interface AccessTokensTable {
  /** SHA-256 of the token, hex */
  id: string;
  /** the user the token logs in as (for a share: its temporary user) */
  userId: number;
  /** the user who asked for it (for a share: the one who shared); may revoke it */
  issuedBy: number;
  /** session | share */
  kind: string;
  createdAt: number;
  expiresAt: number;
}

/** One audited action (Traccar's Action): logins, logouts, entity create/edit/remove, links, tokens. */
export interface AuditActionsTable {
  id: Generated<number>;
  actionTime: number;
  address: string | null;
  /** null for a refused login */
  userId: number | null;
  actionType: string;
  objectType: string | null;
  objectId: number | null;
  attributes: string;
}

/** The picture of a device uploaded by POST /api/devices/{id}/image (Traccar's `device.<ext>`). */
export interface DeviceImagesTable {
  deviceId: number;
  mime: string;
  content: Uint8Array;
  updatedAt: number;
}

export interface AccessTokenTables {
  accessTokens: AccessTokensTable;
  auditActions: AuditActionsTable;
  deviceImages: DeviceImagesTable;
}
