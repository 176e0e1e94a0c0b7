/**
 * deviceOverspeed: speed above the lowest applicable limit (the vehicle's speedLimit, or a zone's it is in)
 * for at least the minimal duration (device attribute overspeedMinimalDuration, seconds; default 0). One
 * event per episode; the episode ends when the speed drops to the limit.
 */
import { numberAttr } from '../deviceState';
import { none, type Detector } from './types';

/** A speeding episode's end: nothing when none was going on. */
const ended = (overspeedSince: number | null) =>
  overspeedSince != null ? { events: [], patch: { overspeedSince: null, overspeedReported: false } } : none;

export const overspeedDetector: Detector = ({ state, position, zones, zone }) => {
  if (!position.valid) return none;
  // the lowest limit that applies, the vehicle's own first (a zone's wins only when lower); no list of
  // them is made: this runs for every record
  let limit = Infinity;
  let geofenceId: number | null = null;
  const own = numberAttr(state.attributes.speedLimit);
  if (own && own > 0) limit = own;
  for (const id of zones.inside) {
    const l = zone(id)?.speedLimit;
    if (l && l > 0 && l < limit) {
      limit = l;
      geofenceId = id;
    }
  }
  if (limit === Infinity || position.speed <= limit) return ended(state.overspeedSince);
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
        geofenceId,
        attributes: { speed: position.speed, speedLimit: limit },
      },
    ],
    patch: { overspeedSince: since, overspeedReported: true },
  };
};
