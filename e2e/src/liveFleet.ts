/** Test fleets for the online map: devices created through the API, positions through the real OsmAnd port. */
import type { Page } from 'playwright-core';
import { AdminApi, uniqueEmail } from './api';
import { e2e } from './browser';

export interface OsmandFix {
  uniqueId: string;
  lat: number;
  lon: number;
  /** knots, as the protocol sends them */
  speed?: number;
  ignition?: boolean;
  course?: number;
  /** epoch ms; now by default */
  time?: number;
  /** any other attribute (power, rssi, io192, ...) */
  extra?: Record<string, string | number | boolean>;
}

/**
 * One OsmAnd HTTP report (to the shared test server, or to the OsmAnd port given); resolves once the server
 * answered (after the position is stored).
 */
export async function sendOsmand(fix: OsmandFix, port = e2e.osmandPort): Promise<void> {
  const params = new URLSearchParams({
    id: fix.uniqueId,
    lat: String(fix.lat),
    lon: String(fix.lon),
    timestamp: String(Math.round((fix.time ?? Date.now()) / 1000)),
    speed: String(fix.speed ?? 0),
    bearing: String(fix.course ?? 0),
  });
  if (fix.ignition !== undefined) params.set('ignition', String(fix.ignition));
  for (const [key, value] of Object.entries(fix.extra ?? {})) params.set(key, String(value));
  const response = await fetch(`http://127.0.0.1:${port}/?${params.toString()}`);
  if (!response.ok) throw new Error(`osmand ${fix.uniqueId}: ${response.status} ${await response.text()}`);
}

export interface VehicleSpec {
  key: string;
  name: string;
  group: 'a' | 'b';
  attributes?: Record<string, unknown>;
  category?: string;
  /** no fix: the vehicle never reported */
  fix?: Omit<OsmandFix, 'uniqueId'>;
}

export interface LiveFleet {
  api: AdminApi;
  email: string;
  password: string;
  userId: number;
  groups: { a: number; b: number };
  groupNames: { a: string; b: string };
  devices: Record<string, { id: number; uniqueId: string; name: string }>;
}

let serial = 0;
/** A unique 15-digit identifier (IMEI-like, so a fake Teltonika can use it too). */
export const uniqueImei = (): string =>
  `35${String(Date.now()).slice(-9)}${String(serial++ % 10000).padStart(4, '0')}`;

/**
 * A user who sees only two fresh groups holding the given vehicles (so counts never see other suites'
 * devices), with the given user attributes (permissions, language, map settings).
 */
export async function createLiveFleet(
  tag: string,
  vehicles: VehicleSpec[],
  user: { attributes?: Record<string, unknown>; readonly?: boolean } = {},
): Promise<LiveFleet> {
  const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
  const groupNames = { a: `Grupo A ${tag}`, b: `Grupo B ${tag}` };
  const a = await api.call<{ id: number }>('POST', '/api/groups', { name: groupNames.a, attributes: {} });
  const b = await api.call<{ id: number }>('POST', '/api/groups', { name: groupNames.b, attributes: {} });
  const groups = { a: a.id, b: b.id };
  const email = uniqueEmail(`live-${tag}`);
  const password = 'Senha-Boa-123';
  const created = await api.createUser({
    name: `Operador ${tag}`,
    email,
    password,
    readonly: user.readonly,
    attributes: { permissions: ['map.online'], ...user.attributes },
  });
  for (const groupId of [groups.a, groups.b])
    await api.call('POST', '/api/permissions', { userId: created.id, groupId });
  const devices: LiveFleet['devices'] = {};
  for (const vehicle of vehicles) {
    const uniqueId = uniqueImei();
    const device = await api.call<{ id: number }>('POST', '/api/devices', {
      name: vehicle.name,
      uniqueId,
      groupId: groups[vehicle.group],
      category: vehicle.category ?? 'car',
      attributes: vehicle.attributes ?? {},
    });
    devices[vehicle.key] = { id: device.id, uniqueId, name: vehicle.name };
    if (vehicle.fix) await sendOsmand({ uniqueId, ...vehicle.fix });
  }
  return { api, email, password, userId: created.id, groups, groupNames, devices };
}

/** Waits for the screen's next live flush (every 10 s) to have applied, via the page's own performance mark. */
export const LIVE_FLUSH_WAIT_MS = 25_000;

/** No network beyond the test server: online tile layers fail, as on a machine with no internet. */
export async function offline(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
}
