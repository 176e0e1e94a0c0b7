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

/** Reference data loaded after login (document 1 §3); failures leave the lists empty. */
export function useBackgroundData(): void {
  useGroups();
  useDevices();
  useDrivers();
  useGeofences();
  useTags();
  usePositions();
  useEvents();
  useServerInfo();
  useClientDetails();
}
