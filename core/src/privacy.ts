/**
 * Privacy (document 1 §3, §4; document 2 §2.6): a position reported in privacy mode, or any position of a
 * vehicle marked private (attribute privacy = 1), is blanked on the server for every user but the roles
 * allowed to see it: where it was (coordinates, address, course, altitude, accuracy, cell towers, zones)
 * and everything read or derived along the real track (speed, the attributes: odometer, fuel, cell ids,
 * I/O) is removed, and the position says so with `privacyBlanked`. What stays: its id, vehicle, times,
 * protocol, validity and whether it was in privacy mode (issue 33).
 */
import { boolAttr } from './status/attributes';

export const PRIVACY_BLANKED = 'privacyBlanked';

export interface PrivacyPosition {
  latitude: number;
  longitude: number;
  attributes: Record<string, unknown> | null;
  address?: string | null;
  course?: number;
  altitude?: number;
  accuracy?: number;
  speed?: number;
  network?: unknown;
  geofenceIds?: unknown;
}

/** The attributes a blanked position keeps: whether it was in privacy mode (nothing read along the track). */
export function blankAttributes(
  attributes: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  if (attributes && attributes.privacy !== undefined) kept.privacy = attributes.privacy;
  kept[PRIVACY_BLANKED] = true;
  return kept;
}

/** Whether a position is private: in privacy mode itself, or of a vehicle marked private. */
export const isPrivatePosition = (
  position: Pick<PrivacyPosition, 'attributes'>,
  deviceAttributes?: Record<string, unknown> | null,
): boolean => boolAttr(position.attributes?.privacy) || boolAttr(deviceAttributes?.privacy);

/** The position with where it was removed. */
export function blankPosition<T extends PrivacyPosition>(position: T): T {
  return {
    ...position,
    latitude: 0,
    longitude: 0,
    ...(position.address !== undefined ? { address: null } : {}),
    ...(position.course !== undefined ? { course: 0 } : {}),
    ...(position.altitude !== undefined ? { altitude: 0 } : {}),
    ...(position.accuracy !== undefined ? { accuracy: 0 } : {}),
    ...(position.speed !== undefined ? { speed: 0 } : {}),
    ...(position.network !== undefined ? { network: null } : {}),
    ...(position.geofenceIds !== undefined ? { geofenceIds: null } : {}),
    attributes: blankAttributes(position.attributes),
  };
}

/** Whether the server blanked this position (the map draws no marker for it). */
export const isBlankedPosition = (
  position: Pick<PrivacyPosition, 'attributes'> | null | undefined,
): boolean => !!position && position.attributes?.[PRIVACY_BLANKED] === true;
