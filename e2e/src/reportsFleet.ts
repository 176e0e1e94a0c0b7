/**
 * A small fleet for the report browser tests: a group with two vehicles, a vehicle outside it, a driver,
 * and a known day of positions fed through the server's real OsmAnd port.
 */
import type { AdminApi } from './api';

export interface Fleet {
  tag: string;
  groupId: number;
  groupName: string;
  /** [in group, in group, outside the group and without positions] */
  devices: Array<{ id: number; name: string; uniqueId: string; plate: string }>;
  driverName: string;
  /** The day the positions are on (yesterday in Africa/Luanda), `YYYY-MM-DD`. */
  day: string;
  /** Positions fed to the first vehicle. */
  positions: number;
}

const KNOTS_PER_KMH = 1 / 1.852;

/** Yesterday's date in Africa/Luanda (UTC+1, no summer time). */
export function luandaYesterday(now = new Date()): string {
  const luanda = new Date(now.getTime() + 3600_000 - 24 * 3600_000);
  return luanda.toISOString().slice(0, 10);
}

/** Epoch seconds of a Luanda wall-clock time on `day`. */
const luandaTime = (day: string, hh: number, mm: number, ss = 0): number =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hh - 1, mm, ss) /
  1000;

interface Fix {
  time: number;
  lat: number;
  lon: number;
  kmh: number;
  ignition: boolean;
  alarm?: string;
}

/**
 * Two trips: 08:00–08:20 at 60 km/h (with a stretch at 120 km/h above the 80 km/h limit, and an SOS),
 * a stop with the ignition off until 09:00, then 09:00–09:10 at 60 km/h, and the ignition off after.
 */
export function dayTrack(day: string): Fix[] {
  const fixes: Fix[] = [];
  let lat = -8.83;
  const lon = 13.24;
  const drive = (from: number, minutes: number, kmh: (minute: number) => number) => {
    for (let s = 0; s <= minutes * 60; s += 30) {
      const speed = kmh(s / 60);
      fixes.push({ time: from + s, lat, lon, kmh: speed, ignition: true });
      lat += (speed * 30) / 3600 / 111.2;
    }
  };
  const park = (from: number, minutes: number) => {
    for (let s = 60; s <= minutes * 60; s += 120)
      fixes.push({ time: from + s, lat, lon, kmh: 0, ignition: false });
  };
  drive(luandaTime(day, 8, 0), 20, (minute) => (minute >= 5 && minute < 8 ? 120 : 60));
  fixes.find((fix) => fix.time === luandaTime(day, 8, 10))!.alarm = 'sos';
  park(luandaTime(day, 8, 20), 39);
  drive(luandaTime(day, 9, 0), 10, () => 60);
  park(luandaTime(day, 9, 10), 10);
  return fixes;
}

/** Sends fixes one by one, in order, to the OsmAnd HTTP port. */
export async function feedOsmand(port: number, uniqueId: string, fixes: Fix[]): Promise<void> {
  for (const fix of fixes) {
    const params = new URLSearchParams({
      id: uniqueId,
      lat: fix.lat.toFixed(6),
      lon: fix.lon.toFixed(6),
      timestamp: String(fix.time),
      speed: (fix.kmh * KNOTS_PER_KMH).toFixed(2),
      ignition: String(fix.ignition),
    });
    if (fix.alarm) params.set('alarm', fix.alarm);
    const response = await fetch(`http://127.0.0.1:${port}/?${params.toString()}`);
    if (!response.ok) throw new Error(`osmand ${response.status} ${await response.text()}`);
  }
}

/**
 * Creates the fleet; with `osmandPort`, feeds the first two vehicles and checks the positions report
 * sees them.
 */
export async function createFleet(api: AdminApi, osmandPort?: number): Promise<Fleet> {
  const tag = `r${Date.now().toString(36)}`;
  const groupName = `Frota ${tag}`;
  const group = await api.call<{ id: number }>('POST', '/api/groups', { name: groupName, attributes: {} });
  const devices: Fleet['devices'] = [];
  for (const [i, name] of ['Alfa', 'Bravo', 'Charlie'].entries()) {
    const uniqueId = `${tag}${i}`;
    const plate = `LD-${tag.slice(-4).toUpperCase()}-0${i}`;
    const created = await api.call<{ id: number }>('POST', '/api/devices', {
      name: `${name} ${tag}`,
      uniqueId,
      groupId: i < 2 ? group.id : null,
      attributes: { license_plate: plate, speedLimit: 80 * KNOTS_PER_KMH },
    });
    devices.push({ id: created.id, name: `${name} ${tag}`, uniqueId, plate });
  }
  const driverName = `Condutor ${tag}`;
  await api.call('POST', '/api/drivers', { name: driverName, uniqueId: `drv${tag}`, attributes: {} });

  const day = luandaYesterday();
  const track = dayTrack(day);
  const fleet = { tag, groupId: group.id, groupName, devices, driverName, day, positions: track.length };
  if (osmandPort === undefined) return fleet;
  await feedOsmand(osmandPort, devices[0].uniqueId, track);
  await feedOsmand(osmandPort, devices[1].uniqueId, track.slice(0, 30));
  await waitForPositions(api, fleet);
  return fleet;
}

/** Checks that every fed position of the first vehicle is stored: OsmAnd answers only after the commit. */
async function waitForPositions(api: AdminApi, fleet: Fleet): Promise<void> {
  const body = {
    devices: [fleet.devices[0].id],
    itemsType: 'V',
    from: `${fleet.day} 00:00:00`,
    to: `${fleet.day} 23:59:59`,
    format: 'json',
  };
  const results = await api.call<Array<{ data: unknown[] }>>('POST', '/report/report_positions.php', body);
  const rows = results.reduce((sum, result) => sum + result.data.length, 0);
  if (rows < fleet.positions) throw new Error(`positions not stored: ${rows} of ${fleet.positions}`);
}
