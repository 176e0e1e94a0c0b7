/**
 * The vehicle the per-vehicle screens work on (document 3 §2: "a vehicle id passed from the previous
 * screen"). The lists take it from their path (`/management/costs/12`) or from the navigation state (the
 * live map's popup); the forms from the state or from the list last opened in this tab.
 */
import { useEffect, useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useDevices } from '../../api/queries';
import type { Device } from '../../api/types';

const KEY = 'frota.management.vehicle';

export function rememberVehicle(id: number): void {
  try {
    sessionStorage.setItem(KEY, String(id));
  } catch {
    // Not kept: forms opened by address then go back to the summary.
  }
}

export function rememberedVehicle(): number | null {
  try {
    const id = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** A positive integer id, or null. */
export const idOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The vehicle of a per-vehicle list: the path's id, else the state's; remembered for its forms. */
export function useListVehicle(): number | null {
  const params = useParams();
  const location = useLocation();
  const state = location.state as { deviceId?: number } | null;
  const id = idOf(params.id) ?? idOf(state?.deviceId);
  useEffect(() => {
    if (id !== null) rememberVehicle(id);
  }, [id]);
  return id;
}

/** The vehicle of a form: the navigation state's, else the list last opened in this tab. */
export function useFormVehicle(): number | null {
  const location = useLocation();
  const state = location.state as { deviceId?: number } | null;
  return idOf(state?.deviceId) ?? rememberedVehicle();
}

/** The vehicle as the user's device list has it (undefined while loading or when not seen). */
export function useVehicle(id: number | null): { device: Device | undefined; loading: boolean } {
  const devices = useDevices();
  const device = useMemo(() => devices.data?.find((d) => d.id === id), [devices.data, id]);
  return { device, loading: devices.isLoading };
}

export const plateOf = (device: Device | undefined): string =>
  String(device?.attributes?.license_plate ?? '') || device?.name || '';

/** A vehicle's heading: its name and plate ("Escolar 1 · LD-14-58-EU"), the plate once when it is the name. */
export function vehicleHeading(device: Device | undefined): string {
  if (!device) return '';
  const plate = String(device.attributes?.license_plate ?? '');
  return plate && plate !== device.name ? `${device.name} · ${plate}` : device.name;
}

export const SUMMARY_PATH = '/management/summary';
