/**
 * A position as the API and the live socket send it (Traccar's Position): the one type both sides read.
 * Times are ISO 8601 text; speed in knots, distances in metres (Traccar's units).
 */
export interface PositionJson {
  id: number;
  deviceId: number;
  protocol: string | null;
  serverTime: string | null;
  deviceTime: string | null;
  fixTime: string | null;
  outdated: boolean;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  accuracy: number;
  address: string | null;
  /** the event the position raised, when it raised one */
  event: number | null;
  attributes: Record<string, unknown>;
}
