import { useEffect, useMemo, useState } from 'react';
import { useDevices, useDrivers, usePositions } from '../api/queries';
import type { Device, Driver } from '../api/types';
import { flushRendering } from '../api/flushProbe';
import { onPositionsArrived } from '../api/liveArrivals';
import { FleetViews } from './fleetViews';
import { settlePendingCommands, usePendingCommands } from './pendingCommands';
import type { LivePosition, VehicleView } from './types';

/** Status depends on the clock (offline after 86400 s): re-evaluated every minute without new data. */
export const STATUS_CLOCK_MS = 60_000;

export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface Fleet {
  vehicles: VehicleView[];
  /** The device list itself (changes far less often than the vehicles' positions). */
  devices: Device[] | undefined;
  loading: boolean;
}

/** The account's vehicles with their latest positions, as the live socket keeps them current. */
export function useFleet(): Fleet {
  const devices = useDevices();
  const positions = usePositions();
  const drivers = useDrivers();
  const now = useNow(STATUS_CLOCK_MS);

  const positionList = positions.data as LivePosition[] | undefined;

  const driversById = useMemo(
    () => new Map<number, Driver>((drivers.data ?? []).map((driver) => [driver.id, driver])),
    [drivers.data],
  );

  const [fleet] = useState(() => new FleetViews());
  // Views made as positions arrive: the flush that applies them finds them ready (see FleetViews.prepare).
  useEffect(() => onPositionsArrived((arrived) => fleet.prepare(arrived as LivePosition[])), [fleet]);
  const vehicles = useMemo(() => {
    flushRendering();
    return fleet.build(devices.data ?? [], positionList ?? [], driversById, now);
  }, [devices.data, positionList, driversById, now, fleet]);

  const pending = usePendingCommands();
  useEffect(() => {
    if (pending.size === 0) return;
    settlePendingCommands(
      new Map(vehicles.filter((v) => pending.has(v.id)).map((v) => [v.id, v.indicators.immobilization])),
    );
  }, [vehicles, pending]);

  return { vehicles, devices: devices.data, loading: devices.isLoading || positions.isLoading };
}
