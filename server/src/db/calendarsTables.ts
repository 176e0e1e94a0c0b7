/** Table types of migration 018_calendars (issue 23: calendars). */
import type { Generated } from 'kysely';
type Json = string | Record<string, unknown>;

/** A named iCalendar text (RFC 5545), as Traccar's `tc_calendars` (which keeps the same text as bytes). */
export interface CalendarsTable {
  id: Generated<number>;
  name: string;
  /** the iCalendar text itself (the API carries it base64-encoded, as Traccar's byte[] `data`) */
  data: string;
  attributes: Json;
}

export interface UserCalendarTable {
  userId: number;
  calendarId: number;
}

/**
 * The migration also adds `notifications.calendarId` (integer, null = no calendar); its type belongs in
 * schema.ts `NotificationsTable`, read untyped here until it is added there.
 */
export interface CalendarTables {
  calendars: CalendarsTable;
  userCalendar: UserCalendarTable;
}
