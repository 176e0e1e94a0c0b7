/**
 * The demo's past: each simulated vehicle's records since `from`, as its Teltonika tracker would have sent
 * them (simulator/history.ts, at the history's pace), stored through the server's own position pipeline so
 * that events, zones, drivers, trips and the reports' segments follow as they do for live records.
 */
import type { DecodedPosition } from '../../server/src/protocols';
import { recordToPosition } from '../../server/src/protocols';
import { runHistory } from './simulator/history';
import { createProfile } from './simulator/profile';
import { toAvlRecord } from './simulator/records';
import { vehicleRandom } from './simulator/run';

/** A demo vehicle whose past the history hook stores, up to `until` (ms). */
export interface DemoHistoryVehicle {
  index: number;
  deviceId: number;
  uniqueId: string;
  until: number;
}

/** Days of history the demo starts with (replay's "Ontem" and a week of reports work at once). */
export const DEMO_HISTORY_DAYS = 7;
/** The simulator seed the demo runs with (`npm run demo`): the history is the same vehicles' past. */
export const DEMO_SIMULATOR_SEED = 1;
/** Records per store call, as a tracker's buffer would arrive after a long time out of coverage. */
const CHUNK = 500;

export interface HistorySink {
  store(positions: DecodedPosition[]): Promise<void>;
}

/**
 * Stores every vehicle's history in order; returns the number of records stored. The vehicles keep their
 * shifts (the fleet's working hours) up to `allDayFrom`, the demo's start, and work at any hour after it,
 * as the live simulator goes on (`--allday-from`).
 */
export async function storeDemoHistory(
  sink: HistorySink,
  vehicles: readonly DemoHistoryVehicle[],
  from: number,
  allDayFrom: number,
  onVehicle?: (vehicle: DemoHistoryVehicle, records: number) => void,
): Promise<number> {
  let total = 0;
  for (const vehicle of vehicles) {
    if (vehicle.until <= from) continue;
    const profile = createProfile(vehicle.index, vehicle.uniqueId, allDayFrom);
    const positions: DecodedPosition[] = [];
    runHistory(profile, vehicleRandom(profile, DEMO_SIMULATOR_SEED), from, vehicle.until, (sample) =>
      positions.push(recordToPosition(toAvlRecord(sample), vehicle.uniqueId)),
    );
    for (let i = 0; i < positions.length; i += CHUNK) await sink.store(positions.slice(i, i + CHUNK));
    total += positions.length;
    onVehicle?.(vehicle, positions.length);
  }
  return total;
}
