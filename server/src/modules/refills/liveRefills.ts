/**
 * Tells every open page whose user sees the vehicle that its refills changed (on every node, through the
 * hub's bus): the refill centre and the vehicle's list read them again, so a refill posted from an
 * operator's phone shows within a second. Only ids travel; each page reads what its user may see.
 */
import type { Services } from '../../services/context';

export function announceRefill(services: Services, id: number, deviceId: number): void {
  services.live.publish({ changed: [{ kind: 'refills', id, deviceId }] });
}
