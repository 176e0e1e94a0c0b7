import {
  useClientDetails,
  useDevices,
  useDrivers,
  useEvents,
  useGeofences,
  useGroups,
  usePositions,
  useServerInfo,
  useTags,
} from '../api/queries';

/**
 * Reference data loaded after login (document 1 §3); failures leave the lists empty. A component of its
 * own, rendering nothing: it subscribes to every list, so each live flush re-renders it and not the frame.
 */
export function BackgroundData(): null {
  useGroups();
  useDevices();
  useDrivers();
  useGeofences();
  useTags();
  usePositions();
  useEvents();
  useServerInfo();
  useClientDetails();
  return null;
}
