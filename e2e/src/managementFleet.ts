/** Test data of the management browser tests: a manager who sees only its own vehicles, with their items. */
import { AdminApi, uniqueEmail } from './api';
import { e2e } from './browser';
import { uniqueImei } from './liveFleet';

export const MANAGER_PASSWORD = 'Senha-Boa-123';

export interface ManagementFleet {
  api: AdminApi;
  email: string;
  /** Vehicles by key, each seeded so its summary row has a known state. */
  devices: Record<'progress' | 'overdue' | 'soon' | 'ok', { id: number; name: string; plate: string }>;
  /** The open maintenance entry of the `progress` vehicle. */
  openEntryId: number;
}

/** A calendar day `offset` days from today in Africa/Luanda (UTC+1 all year), the users' timezone. */
export const luandaDay = (offset = 0): string =>
  new Date(Date.now() + 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** DD/MM/YYYY of such a day, as the forms show it. */
export const shownDay = (day: string): string => day.split('-').reverse().join('/');

/**
 * Four vehicles of a fresh manager (management.summary, map.online): one in maintenance (an open entry
 * started 3 days ago), one with an expired cost, one with a cost expiring in 10 days, one with nothing.
 */
export async function createManagementFleet(tag: string): Promise<ManagementFleet> {
  const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
  const email = uniqueEmail(`mgmt-${tag}`);
  const user = await api.createUser({
    name: `Gestor ${tag}`,
    email,
    password: MANAGER_PASSWORD,
    attributes: { permissions: ['map.online', 'management.summary'] },
  });
  const devices = {} as ManagementFleet['devices'];
  for (const key of ['progress', 'overdue', 'soon', 'ok'] as const) {
    const name = `${tag} ${key}`;
    const plate = `LD-${tag.slice(-4).toUpperCase()}-${key.slice(0, 2).toUpperCase()}`;
    const device = await api.call<{ id: number }>('POST', '/api/devices', {
      name,
      uniqueId: uniqueImei(),
      attributes: { license_plate: plate },
    });
    await api.call('POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    devices[key] = { id: device.id, name, plate };
  }
  const entry = await api.call<{ id: number }>('POST', `/report/api.php/maintenance/${devices.progress.id}`, {
    date_start: luandaDay(-3),
    complete: 0,
    description: 'Substituição da embraiagem',
    km: 84200,
    location: 'Oficina Central',
  });
  const cost = (deviceId: number, expiry: string) =>
    api.call('POST', `/report/api.php/cost/${deviceId}`, {
      cost_date: luandaDay(-360),
      cost_type: 'insurance',
      designation: 'Seguro anual',
      entity: 'Seguradora',
      cost: 1200,
      warning: 1,
      expiry_date: expiry,
    });
  await cost(devices.overdue.id, luandaDay(-1));
  await cost(devices.soon.id, luandaDay(10));
  return { api, email, devices, openEntryId: entry.id };
}
