/**
 * deviceOverspeed: speed above the lowest applicable limit (the vehicle's speedLimit, or a zone's it is in)
 * for at least the minimal duration (device attribute overspeedMinimalDuration, seconds; default 0). One
 * event per episode; the episode ends when the speed drops to the limit.
 */
import { numberAttr } from '../deviceState';
import { none, type Detector } from './types';

export const overspeedDetector: Detector = ({ state, position, zones, zone }) => {
  if (!position.valid) return none;
  const limits: Array<{ limit: number; geofenceId: number | null }> = [];
  const own = numberAttr(state.attributes.speedLimit);
  if (own && own > 0) limits.push({ limit: own, geofenceId: null });
  for (const id of zones.inside) {
    const l = zone(id)?.speedLimit;
    if (l && l > 0) limits.push({ limit: l, geofenceId: id });
  }
  if (!limits.length)
    return state.overspeedSince != null
      ? { events: [], patch: { overspeedSince: null, overspeedReported: false } }
      : none;
  const applicable = limits.reduce((a, b) => (b.limit < a.limit ? b : a));
  if (position.speed <= applicable.limit) {
    return state.overspeedSince != null
      ? { events: [], patch: { overspeedSince: null, overspeedReported: false } }
      : none;
  }
  const since = state.overspeedSince ?? position.fixTime;
  const minimal = (numberAttr(state.attributes.overspeedMinimalDuration) ?? 0) * 1000;
  if (state.overspeedReported || position.fixTime - since < minimal) {
    return { events: [], patch: { overspeedSince: since } };
  }
  return {
    events: [
      {
        type: 'deviceOverspeed',
        eventTime: position.fixTime,
        geofenceId: applicable.geofenceId,
        attributes: { speed: position.speed, speedLimit: applicable.limit },
      },
    ],
    patch: { overspeedSince: since, overspeedReported: true },
  };
};
