/** Test data of the refill browser tests: vehicles with consumption thresholds, stations, an operator, refills. */
import type { AdminApi } from './api';
import { e2e } from './browser';

const API = '/report/api.php';

export interface RefillsFleet {
  names: { truck: string; van: string; plateTruck: string; plateVan: string; driver: string; group: string };
  ids: { truck: number; van: number; driver: number };
  stations: { main: { id: number; name: string; code: string }; aux: { id: number; name: string } };
  operator: { username: string; password: string; name: string };
  /** the refills posted, by name */
  refills: {
    truckFirst: number;
    truckRed: number;
    truckYellow: number;
    vanFirst: number;
    vanGreen: number;
    app: number;
  };
}

/** `YYYY-MM-DD HH:mm:ss` in Africa/Luanda (UTC+1 all year, the admin's timezone), `daysAgo` days ago. */
export const luandaTime = (daysAgo: number, hour = 10): string => {
  const day = new Date(Date.now() + 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return `${day} ${String(hour).padStart(2, '0')}:00:00`;
};

/** Luanda day `daysAgo` days ago, YYYY-MM-DD. */
export const luandaDay = (daysAgo: number): string => luandaTime(daysAgo).slice(0, 10);

/**
 * A truck (diesel, yellow from 35 and red from 45 L/100km) with three refills: a first one, one at
 * 48 L/100km (red) and one at 40 (yellow); a van (gasoline) with a first refill and one at 8 L/100km
 * (green); and a refill the operator's phone posts for the van at the main station.
 */
export async function createRefillsFleet(api: AdminApi, tag: string): Promise<RefillsFleet> {
  const post = <T>(path: string, body: unknown) => api.call<T & { id: number }>('POST', path, body);
  const suffix = tag.slice(-4).toUpperCase();
  const names = {
    truck: `${tag} Camião`,
    van: `${tag} Carrinha`,
    plateTruck: `LD-${suffix}-11`,
    plateVan: `LD-${suffix}-22`,
    driver: `${tag} Rui`,
    group: `${tag} Obras`,
  };
  const group = await post('/api/groups', { name: names.group, attributes: {} });
  const truck = await post('/api/devices', {
    name: names.truck,
    uniqueId: `${tag}R1`,
    groupId: group.id,
    attributes: { license_plate: names.plateTruck },
  });
  const van = await post('/api/devices', {
    name: names.van,
    uniqueId: `${tag}R2`,
    attributes: { license_plate: names.plateVan },
  });
  const driver = await post('/api/drivers', { name: names.driver, uniqueId: `RD${tag}`, attributes: {} });
  await api.call('PUT', `${API}/refill_devices/${truck.id}`, {
    code: names.plateTruck,
    consumption_profile: 'Camião pesado',
    l100km_yellow: 35,
    l100km_red: 45,
  });
  await api.call('PUT', `${API}/refill_devices/${van.id}`, {
    code: names.plateVan,
    consumption_profile: 'Ligeiro',
    l100km_yellow: 12,
    l100km_red: 15,
  });

  const mainStation = { name: `${tag} Posto Central`, code: `PC${suffix}` };
  const main = await post(`${API}/refill_stations`, {
    ...mainStation,
    location: '-8.8383, 13.2344',
    fuel_type: 'diesel',
    total_capacity: 20000,
    mainStationId: 0,
  });
  const auxName = `${tag} Tanque Norte`;
  const aux = await post(`${API}/refill_stations`, {
    name: auxName,
    code: `TN${suffix}`,
    location: '',
    fuel_type: 'diesel',
    total_capacity: 5000,
    mainStationId: main.id,
  });
  const operator = { username: `op${tag}`.toLowerCase(), password: 'Bomba-123', name: `${tag} Operador Ana` };
  await post(`${API}/refill_operators`, {
    ...operator,
    code: `OP${suffix}`,
    phone: '923000000',
    alert_emails: '',
  });

  const refill = (deviceId: number, body: Record<string, unknown>) =>
    post<{ id: number }>(`${API}/refill/${deviceId}`, body).then((r) => r.id);
  const truckFirst = await refill(truck.id, {
    cost_date: luandaTime(10),
    cost: 18000,
    litres: 60,
    km: 1000,
    fuel_type: 'diesel',
    driverid: driver.id,
    stationid: main.id,
  });
  const truckRed = await refill(truck.id, {
    cost_date: luandaTime(6),
    cost: 14400,
    litres: 48,
    km: 1100,
    fuel_type: 'diesel',
    driverid: driver.id,
    stationid: main.id,
    invoice: 'FT 2026/118',
  });
  const truckYellow = await refill(truck.id, {
    cost_date: luandaTime(2),
    cost: 24000,
    litres: 80,
    km: 1300,
    fuel_type: 'diesel',
    stationid: aux.id,
  });
  const vanFirst = await refill(van.id, {
    cost_date: luandaTime(8),
    cost: 9000,
    litres: 30,
    km: 500,
    fuel_type: 'gasoline',
  });
  const vanGreen = await refill(van.id, {
    cost_date: luandaTime(3),
    cost: 12000,
    litres: 40,
    km: 1000,
    fuel_type: 'gasoline',
  });

  // The operator's phone: a refill of the van at the main station.
  const app = await postFromPhone(operator, {
    stationCode: mainStation.code,
    vehicleCode: names.plateVan,
    litres: 20,
    cost: 6000,
  });

  return {
    names,
    ids: { truck: truck.id, van: van.id, driver: driver.id },
    stations: { main: { id: main.id, ...mainStation }, aux: { id: aux.id, name: auxName } },
    operator,
    refills: { truckFirst, truckRed, truckYellow, vanFirst, vanGreen, app },
  };
}

/** Posts a refill as the operator's phone does: log in with username and password, then post it. */
export async function postFromPhone(
  operator: { username: string; password: string },
  refill: Record<string, unknown>,
): Promise<number> {
  const login = await fetch(`${e2e.baseUrl}${API}/refill_app/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: operator.username, password: operator.password }),
  });
  if (!login.ok) throw new Error(`operator login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const posted = await fetch(`${e2e.baseUrl}${API}/refill_app/refill`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(refill),
  });
  if (!posted.ok) throw new Error(`operator refill: ${posted.status} ${await posted.text()}`);
  return ((await posted.json()) as { id: number }).id;
}
