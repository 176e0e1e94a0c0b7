/** The fleet of the tachograph file tests: a truck and its driver, users that see them, others that do not. */
import { unzipSync } from 'fflate';
import { userClient, type Client, type TestServer } from './harness';
import {
  buildDdd,
  dayEpoch,
  type ActivityDaySpec,
  type DriverCardSpec,
  type VehicleUnitSpec,
} from '../src/modules/tacho/ddd/testing/buildDdd';
import { readDdd } from '../src/modules/tacho/ddd';

export const API = '/report/api.php';
export const DAY = 86_400;
export const NOT_DDD = 'O ficheiro não é um ficheiro de tacógrafo válido';

export interface TachoFleet {
  admin: Client;
  /** tacho.files, sees the truck and the driver */
  gestor: Client;
  /** tacho.files, read-only, sees the truck */
  leitor: Client;
  /** tacho.files, sees only the far vehicle */
  outro: Client;
  /** no tacho.files permission */
  semPermissao: Client;
  truck: number;
  far: number;
  driver: number;
}

/** `count` working days from `first`: rest, driving 06:00–10:30, break, driving, work, rest. */
export function workDays(first: string, count: number): ActivityDaySpec[] {
  return Array.from({ length: count }, (_, i) => ({
    day: dayEpoch(first) + i * DAY,
    distanceKm: 300 + i,
    changes: [
      { minute: 0, activity: 'rest' as const },
      { minute: 360, activity: 'driving' as const },
      { minute: 630, activity: 'rest' as const },
      { minute: 675, activity: 'driving' as const },
      { minute: 900, activity: 'work' as const },
      { minute: 960, activity: 'rest' as const },
    ],
  }));
}

export const CARD = {
  cardNumber: 'P0000012345670',
  surname: 'Gonçalves',
  firstNames: 'João',
};

export const cardFile = (over: Partial<DriverCardSpec> = {}): Buffer =>
  buildDdd({
    kind: 'D',
    generation: 1,
    ...CARD,
    nation: 'P',
    lastDownload: Date.parse('2026-03-02T08:15:00Z') / 1000,
    days: workDays('2026-02-01', 3),
    ...over,
  });

export const vuFile = (over: Partial<VehicleUnitSpec> = {}): Buffer =>
  buildDdd({
    kind: 'V',
    generation: 1,
    vin: 'WDB9634031L123456',
    vrn: 'AA-00-BB',
    nation: 'P',
    downloadTime: Date.parse('2026-03-31T17:42:10Z') / 1000,
    downloadableFrom: Date.parse('2026-01-01T05:10:00Z') / 1000,
    downloadableTo: Date.parse('2026-03-31T17:40:00Z') / 1000,
    ...over,
  });

/** The card number as the reader gives it (the number plus its index digits). */
export function cardNumberOf(bytes: Buffer): string {
  const read = readDdd(bytes);
  if (!read.ok || !read.file.entity.cardNumber) throw new Error('not a card file');
  return read.file.entity.cardNumber;
}

export async function buildTachoFleet(server: TestServer): Promise<TachoFleet> {
  const admin = await server.admin();
  const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`fixture call failed: ${r.status} ${r.text}`);
    return r.body;
  };
  const truck = (
    await ok(
      admin.post('/api/devices', {
        name: 'Camião 7',
        uniqueId: 'tacho-truck',
        attributes: { license_plate: 'AA 00 BB' },
      }),
    )
  ).id;
  const far = (
    await ok(
      admin.post('/api/devices', {
        name: 'Longe',
        uniqueId: 'tacho-far',
        attributes: { license_plate: 'ZZ-99-ZZ' },
      }),
    )
  ).id;
  const driver = (
    await ok(admin.post('/api/drivers', { name: 'João Gonçalves', uniqueId: cardNumberOf(cardFile()) }))
  ).id;
  const user = async (email: string, permissions: string[], links: object[], extra = {}) => {
    const u = await userClient(server, admin, { email, attributes: { permissions }, ...extra });
    for (const link of links) await ok(admin.post('/api/permissions', { userId: u.id, ...link }));
    return u.client;
  };
  return {
    admin,
    gestor: await user('gestor@tacho.local', ['tacho.files'], [{ deviceId: truck }, { driverId: driver }]),
    leitor: await user('leitor@tacho.local', ['tacho.files'], [{ deviceId: truck }], { readonly: true }),
    outro: await user('outro@tacho.local', ['tacho.files'], [{ deviceId: far }]),
    semPermissao: await user('mapa@tacho.local', ['map.online'], [{ deviceId: truck }]),
    truck,
    far,
    driver,
  };
}

export interface Upload {
  status: number;
  body: any;
  text: string;
}

/** A browser-like upload: multipart/form-data with one `file` part per file. */
export async function uploadFiles(
  server: TestServer,
  client: Client,
  files: { name: string; bytes: Buffer }[],
): Promise<Upload> {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await fetch(`${server.base}${API}/tacho_files/upload`, {
    method: 'POST',
    headers: client.cookie ? { cookie: client.cookie } : {},
    body: form,
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

/** An API client's upload: the raw bytes, named by ?filename=. */
export async function uploadRaw(
  server: TestServer,
  client: Client,
  name: string,
  bytes: Buffer,
): Promise<Upload> {
  const res = await fetch(`${server.base}${API}/tacho_files/upload?filename=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { cookie: client.cookie, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

export async function download(
  server: TestServer,
  client: Client,
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${server.base}${API}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: client.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A zip's entries in archive order, read with fflate. */
export function unzip(zip: Buffer): { name: string; bytes: Buffer }[] {
  return Object.entries(unzipSync(new Uint8Array(zip))).map(([name, bytes]) => ({
    name,
    bytes: Buffer.from(bytes),
  }));
}
