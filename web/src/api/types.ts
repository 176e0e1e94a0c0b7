/** Shapes of the server's JSON (Traccar-compatible) as the web client reads them. */
import type { LiveMessage as CoreLiveMessage, PositionJson } from '@frota/core';

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

/**
 * A position as the web reads it: core's PositionJson (the API's and the socket's), with the fields the web
 * does not need optional (fixtures and the replay's column form leave them out); fixTime is always there.
 */
export type Position = Pick<
  PositionJson,
  'id' | 'deviceId' | 'latitude' | 'longitude' | 'speed' | 'course' | 'valid' | 'attributes'
> &
  Partial<Omit<PositionJson, 'fixTime'>> & { fixTime: string };

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

/**
 * One message of the live socket (core's LiveMessage): modules tell of their rows as `changed` items of
 * their kind (`refills`, `tachoDrivers`, `cameraMedia`), ids only: their screens read them again.
 */
export type LiveMessage = CoreLiveMessage<Device, Position, AppEvent, EventStatusUpdate>;

/** A new follow-up status of an event (alert central), as the socket broadcasts it. */
export interface EventStatusUpdate {
  eventId: number;
  deviceId: number;
  status: number;
  user: string | null;
  details: string | null;
  date: string;
}
