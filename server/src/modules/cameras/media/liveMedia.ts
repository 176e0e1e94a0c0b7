/**
 * Tells every open page whose user sees the vehicle that its camera media changed (stored, converted,
 * failed or removed), on every node through the hub's bus: the camera dialog and the media list read them
 * again. Only ids travel; each page reads what its user may see.
 */
import type { LiveHub } from '../../../live/hub';

export function announceCameraMedia(live: Pick<LiveHub, 'publish'>, id: number, deviceId: number): void {
  live.publish({ changed: [{ kind: 'cameraMedia', id, deviceId }] });
}
