import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryLabel } from '../icons';
import { demoCategories } from '../map/iconModule';
import { DEMO_TICK_MS, demoFleet } from './demo';
import type { VehicleView } from './types';
import { vehicleView } from './vehicleView';

const NO_DRIVERS = new Map();

/** The demo's time: read anew as soon as the demo starts (subscribes), then once per tick. */
function demoClock() {
  let now = Date.now();
  return {
    now: () => now,
    subscribe: (changed: () => void) => {
      const tick = () => {
        now = Date.now();
        changed();
      };
      tick();
      const timer = setInterval(tick, DEMO_TICK_MS);
      return () => clearInterval(timer);
    },
  };
}

const stopped = () => () => undefined;

/** The DEMO fleet while `active`: every category, moving one step every 2 s. */
export function useDemoFleet(active: boolean): VehicleView[] {
  const { t } = useTranslation();
  const [time] = useState(demoClock);
  const now = useSyncExternalStore(active ? time.subscribe : stopped, time.now);
  return useMemo(() => {
    if (!active) return [];
    const { devices, positions } = demoFleet(demoCategories(), now, (category) => categoryLabel(t, category));
    const clock = new Date(now);
    return devices.map((device, index) => ({
      ...vehicleView(device, positions[index], NO_DRIVERS, clock),
      demo: true,
    }));
  }, [active, now, t]);
}
