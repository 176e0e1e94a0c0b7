/**
 * A position as the API and the live socket send it (Traccar's Position): the one type both sides read.
 * Times are ISO 8601 text; speed in knots, distances in metres (Traccar's units).
 */
/**
 * What a fix says, the same on every side (the JSON below, the pipeline's processed record, the computed
 * attributes' scope and result): speed in knots, distances in metres.
 */
export interface PositionFix {
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  /** knots */
  speed: number;
  course: number;
  accuracy: number;
  address: string | null;
  attributes: Record<string, unknown>;
}

export interface PositionJson extends PositionFix {
  id: number;
  deviceId: number;
  protocol: string | null;
  serverTime: string | null;
  deviceTime: string | null;
  fixTime: string | null;
  outdated: boolean;
  /** the event the position raised, when it raised one */
  event: number | null;
}
