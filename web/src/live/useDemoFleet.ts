import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryLabel } from '../icons';
import { demoCategories } from '../map/iconModule';
import { DEMO_TICK_MS, demoFleet } from './demo';
import type { VehicleView } from './types';
import { vehicleView } from './vehicleView';

const NO_DRIVERS = new Map();

/** The DEMO fleet while `active`: every category, moving one step every 2 s. */
export function useDemoFleet(active: boolean): VehicleView[] {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), DEMO_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
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
