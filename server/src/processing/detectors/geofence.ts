/** geofenceEnter / geofenceExit for each zone entered or left. */
import type { EventDraft } from '../types';
import { none, type Detector } from './types';

export const geofenceDetector: Detector = ({ position, zones, zone }) => {
  if (!zones.exited.length && !zones.entered.length) return none;
  const make = (type: string, id: number): EventDraft => ({
    type,
    eventTime: position.fixTime,
    geofenceId: id,
    attributes: { geofence: zone(id)?.name ?? '' },
  });
  return {
    events: [
      ...zones.exited.map((id) => make('geofenceExit', id)),
      ...zones.entered.map((id) => make('geofenceEnter', id)),
    ],
  };
};
