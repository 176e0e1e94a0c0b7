import { useEffect, useMemo, useRef, useState } from 'react';
import { useDevices, useDrivers, usePositions } from '../api/queries';
import type { Device, Driver } from '../api/types';
import { flushStarted } from './flushProbe';
import { settlePendingCommands, usePendingCommands } from './pendingCommands';
import type { LivePosition, VehicleView } from './types';
import { buildVehicleViews } from './vehicleView';

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

/**
 * How many positions differ (by object) from the previous list. The live merge replaces changed ones in
 * place and appends new ones, so the lists are compared index by index.
 */
export function countChanged(
  previous: readonly LivePosition[] | undefined,
  next: readonly LivePosition[],
): number {
  if (!previous) return 0;
  let changed = Math.max(0, next.length - previous.length);
  const common = Math.min(previous.length, next.length);
  for (let i = 0; i < common; i++) if (previous[i] !== next[i]) changed += 1;
  return changed;
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
  const lastPositions = useRef<LivePosition[] | undefined>(undefined);

  const positionList = positions.data as LivePosition[] | undefined;
  const byDevice = useMemo(() => {
    flushStarted(countChanged(lastPositions.current, positionList ?? []));
    lastPositions.current = positionList;
    return new Map((positionList ?? []).map((position) => [position.deviceId, position]));
  }, [positionList]);

  const driversById = useMemo(
    () => new Map<number, Driver>((drivers.data ?? []).map((driver) => [driver.id, driver])),
    [drivers.data],
  );

  const built = useRef<ReadonlyMap<number, VehicleView>>(new Map());
  const vehicles = useMemo(() => {
    const views = buildVehicleViews(devices.data ?? [], byDevice, driversById, now, built.current);
    built.current = new Map(views.map((view) => [view.id, view]));
    return views;
  }, [devices.data, byDevice, driversById, now]);

  const pending = usePendingCommands();
  useEffect(() => {
    if (pending.size === 0) return;
    settlePendingCommands(
      new Map(vehicles.filter((v) => pending.has(v.id)).map((v) => [v.id, v.indicators.immobilization])),
    );
  }, [vehicles, pending]);

  return { vehicles, devices: devices.data, loading: devices.isLoading || positions.isLoading };
}
