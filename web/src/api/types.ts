/** Shapes of the server's JSON (Traccar-compatible) as the web client reads them. */

export interface UserAttributes {
  language?: string;
  timezone?: string;
  permissions?: string[];
  notification_sound?: string;
  allowHistory?: boolean;
  allowHistoryFrom?: string;
  allowHistoryTo?: string;
  [key: string]: unknown;
}

export interface User {
  id: number;
  name: string;
  email: string;
  phone?: string | null;
  readonly?: boolean;
  administrator?: boolean;
  disabled?: boolean;
  expirationTime?: string | null;
  userLimit?: number;
  deviceLimit?: number;
  token?: string | null;
  password?: string;
  attributes: UserAttributes;
}

export interface Device {
  id: number;
  name: string;
  uniqueId: string;
  groupId?: number | null;
  category?: string | null;
  phone?: string | null;
  model?: string | null;
  contact?: string | null;
  disabled?: boolean;
  status?: string;
  lastUpdate?: string | null;
  positionId?: number | null;
  attributes: Record<string, unknown>;
}

export interface Position {
  id: number;
  deviceId: number;
  fixTime: string;
  deviceTime?: string;
  serverTime?: string;
  latitude: number;
  longitude: number;
  speed: number;
  course: number;
  altitude?: number;
  valid: boolean;
  address?: string | null;
  attributes: Record<string, unknown>;
}

export interface AppEvent {
  id: number;
  type: string;
  eventTime: string;
  deviceId: number;
  positionId?: number | null;
  geofenceId?: number | null;
  attributes: { message?: string; alarm?: string; [key: string]: unknown };
}

export interface Group {
  id: number;
  name: string;
  groupId?: number | null;
  attributes: Record<string, unknown>;
}

export interface Driver {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Record<string, unknown>;
}

export interface Geofence {
  id: number;
  name: string;
  description?: string | null;
  area: string;
  attributes: Record<string, unknown>;
}

export interface ServerInfo {
  id: number;
  version?: string;
  latitude?: number;
  longitude?: number;
  zoom?: number;
  map?: string | null;
  languages?: string[];
  readonly?: boolean;
  attributes: Record<string, unknown>;
}

export interface ClientDetails {
  title?: string;
  message?: string;
  currency_symbol?: string;
  driving_categories?: string[];
  sales_name?: string;
  sales_address?: string;
  sales_gps?: string;
  sales_email?: string;
  sales_phone?: string;
}

export interface Tag {
  tag: string;
  name: string;
}

/** One message of the live socket. */
export interface LiveMessage {
  devices?: Device[];
  positions?: Position[];
  events?: AppEvent[];
  eventStatuses?: EventStatusUpdate[];
  /** refills added, changed or removed (ids only: the refill screens read them again) */
  refills?: Array<{ id: number; deviceId: number }>;
  /** tachograph driver rows that changed (ids only: the drivers screen reads them again) */
  tachoDrivers?: Array<{ uniqueid: string; deviceId: number | null }>;
  /** camera photos or videos stored, converted or removed (ids only: the camera screens read them again) */
  cameraMedia?: Array<{ id: number; deviceId: number }>;
}

/** A new follow-up status of an event (alert central), as the socket broadcasts it. */
export interface EventStatusUpdate {
  eventId: number;
  deviceId: number;
  status: number;
  user: string | null;
  details: string | null;
  date: string;
}
