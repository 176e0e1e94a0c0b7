/** Command line of `npm run simulate` (pure: argv and environment in, options out). */
import { join } from 'node:path';
import { FRAMED_DEFAULT_PORTS, FRAMED_PROTOCOLS, type FramedProtocol } from '../../../server/src/config';
import { demoProtocolEntries } from '../demoProtocols';
import { CAMERA_FLEETS, type CameraFleet } from './camera/demoCameras';

export type Protocol = 'teltonika' | 'osmand' | FramedProtocol | 'traccar';
export const PROTOCOLS: readonly Protocol[] = ['teltonika', 'osmand', ...FRAMED_PROTOCOLS, 'traccar'];

/** A vehicle beyond the fleet speaking a protocol of its own (the demo's one per protocol). */
export interface ExtraVehicle {
  protocol: Protocol;
  uniqueId: string;
  port: number;
}

export interface SimulatorOptions {
  devices: number;
  protocol: Protocol;
  host: string;
  port: number;
  /** uniqueIds of the vehicles, in order */
  ids: string[];
  speedup: number;
  /** hours of history replayed before catching up with the wall clock */
  historyHours: number;
  /** vehicles after the fleet, each with its protocol (`--also gt06=ID,h02=ID`) */
  extra: ExtraVehicle[];
  /** the Traccar forward receiver's token (FROTA_FORWARD_TOKEN), for `traccar` vehicles */
  forwardToken?: string;
  /** the start of a history already stored (ms since epoch): vehicles go on from where it leaves them */
  warmFrom?: number;
  /** with a seeded history: the vehicles keep their shifts before this time and work around the clock after */
  allDayFrom?: number;
  /** wait for GET /api/server to answer before starting */
  wait: boolean;
  /** every vehicle works around the clock (the demo: moving vehicles at any hour) */
  allDay: boolean;
  /** the HTTP API polled by --wait */
  apiUrl: string;
  /** most records in one Teltonika frame */
  maxBatch: number;
  statusSeconds: number;
  seed: number;
  /** which vehicles carry a DualCam (Teltonika only) */
  cameras: CameraFleet;
  /** where the cameras upload the files of their own events */
  cameraHost: string;
  cameraPort: number;
  /** minutes between a camera's own event uploads; 0 = only on request */
  cameraEveryMinutes: number;
  /** where the video clips made with ffmpeg are kept */
  cacheDir: string;
}

export const DEMO_FIRST_ID = 356307042440000n;

export const USAGE = `Usage: npm run simulate -- [options]
  --devices N          vehicles to simulate (default 25: the demo fleet)
  --protocol P         teltonika (default), osmand, gt06, h02, gl200 (Queclink), gps103 (Coban), wialon, or
                       traccar (a Traccar server forwarding to FROTA_PORT with FROTA_FORWARD_TOKEN)
  --host H             server host (default 127.0.0.1)
  --port P             device port (default the protocol's FROTA_<PROTOCOL>_PORT: teltonika 5027,
                       osmand 5055, gt06 5023, h02 5013, gl200 5004, gps103 5001, wialon 5039)
  --also P=ID,...      more vehicles after the fleet, each speaking protocol P on its default port;
                       --also demo: the demo's vehicle of each other protocol (tools/src/demoProtocols.ts)
  --ids SPEC           uniqueIds: FIRST.. (consecutive, default ${DEMO_FIRST_ID}..), FIRST..LAST, or a,b,c
  --speedup K          simulated time runs K times faster (default 1) ...
  --history H          ... starting H hours ago (default 24 when K > 1, else 0), then live
  --allday             every vehicle works around the clock, not its day or night shift
  --warm-from T        a history seeded from time T (ISO or ms) is stored: go on from where it leaves
                       each vehicle (the demo's, see seedDemo.ts)
  --allday-from T      the vehicles keep their shifts before time T and work around the clock from it
                       (the demo's: its history has working hours, its live part moves at any hour)
  --wait               wait until the server answers GET /api/server (port FROTA_PORT, default 8082)
  --batch N            most records per Teltonika frame (default 25)
  --status S           seconds between status lines (default 30)
  --seed N             random seed (default 1)
  --cameras C          vehicles with a DualCam answering camreq: demo (default: the demo's camera
                       vehicles), all or none
  --camera-host H      where cameras upload their own event photos (default: --host)
  --camera-port P      ... and its port (default FROTA_CAMERA_PORT, 5028)
  --camera-every M     minutes between a camera's own uploads, periodic or crash (default 15, 0 = never)`;

const positiveNumber = (name: string, text: string | undefined, min = 0): number => {
  const value = Number(text);
  if (text === undefined || text === '' || !Number.isFinite(value) || value < min)
    throw new Error(`--${name} needs a number >= ${min}, got ${text ?? 'nothing'}`);
  return value;
};

const digits = (text: string): bigint => {
  if (!/^\d+$/.test(text)) throw new Error(`not a numeric uniqueId: ${text}`);
  return BigInt(text);
};

/** `FIRST..`, `FIRST..LAST`, `a,b,c` or a single FIRST: the first `count` uniqueIds. */
export function parseIds(spec: string, count: number): string[] {
  if (spec.includes(',')) {
    const ids = spec
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length < count) throw new Error(`--ids lists ${ids.length} ids for ${count} devices`);
    return ids.slice(0, count);
  }
  const [first, last] = spec.split('..');
  const start = digits(first.trim());
  if (last !== undefined && last.trim() !== '') {
    const end = digits(last.trim());
    if (end - start + 1n < BigInt(count)) throw new Error(`--ids ${spec} holds fewer than ${count} ids`);
  }
  return Array.from({ length: count }, (_, i) => String(start + BigInt(i)));
}

function protocolOf(name: string): Protocol {
  if (!PROTOCOLS.includes(name as Protocol))
    throw new Error(`--protocol must be one of ${PROTOCOLS.join(', ')}, got ${name}`);
  return name as Protocol;
}

/** The protocol's port setting (FROTA_<PROTOCOL>_PORT; a Traccar forward goes to FROTA_PORT), or its default. */
function defaultPort(protocol: Protocol, env: Record<string, string | undefined>): string {
  const fallback: Record<Protocol, number> = {
    teltonika: 5027,
    osmand: 5055,
    ...FRAMED_DEFAULT_PORTS,
    traccar: 8082,
  };
  const variable = protocol === 'traccar' ? 'FROTA_PORT' : `FROTA_${protocol.toUpperCase()}_PORT`;
  const set = env[variable];
  return set && set !== '0' ? set : String(fallback[protocol]);
}

function timeOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const time = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(time)) throw new Error(`--${name} must be a time (ISO or ms), got ${text}`);
  return time;
}

export function parseOptions(argv: string[], env: Record<string, string | undefined> = {}): SimulatorOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--wait' || arg === '--allday' || arg === '--help' || arg === '-h') {
      flags.add(arg.replace(/^-+/, '').replace(/^h$/, 'help'));
      continue;
    }
    const match = /^--([a-z]+(?:-[a-z]+)*)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unexpected argument ${arg}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value`);
    values.set(match[1], value);
  }
  if (flags.has('help')) throw new Error(USAGE);
  const known = [
    'devices',
    'protocol',
    'host',
    'port',
    'ids',
    'speedup',
    'history',
    'batch',
    'status',
    'seed',
    'cameras',
    'camera-host',
    'camera-port',
    'camera-every',
    'warm-from',
    'allday-from',
    'also',
  ];
  for (const key of values.keys()) if (!known.includes(key)) throw new Error(`unknown option --${key}`);

  const protocol = protocolOf(values.get('protocol') ?? 'teltonika');
  const devices = Math.floor(positiveNumber('devices', values.get('devices') ?? '25', 1));
  const port = positiveNumber('port', values.get('port') ?? defaultPort(protocol, env), 1);
  const also = values.get('also') === 'demo' ? demoProtocolEntries() : (values.get('also') ?? '');
  const extra = also
    .split(',')
    .filter(Boolean)
    .map((entry): ExtraVehicle => {
      const [name, uniqueId] = entry.split('=');
      if (!uniqueId) throw new Error(`--also takes PROTOCOL=ID entries, got ${entry}`);
      const p = protocolOf(name);
      return { protocol: p, uniqueId, port: positiveNumber('also', defaultPort(p, env), 1) };
    });
  const speedup = positiveNumber('speedup', values.get('speedup') ?? '1', 1);
  const host = values.get('host') ?? '127.0.0.1';
  const apiPort = env.FROTA_PORT && env.FROTA_PORT !== '0' ? env.FROTA_PORT : '8082';
  const cameras = (values.get('cameras') ?? 'demo') as CameraFleet;
  if (!CAMERA_FLEETS.includes(cameras))
    throw new Error(`--cameras must be demo, all or none, got ${cameras}`);
  return {
    devices,
    protocol,
    host,
    port,
    ids: parseIds(values.get('ids') ?? `${DEMO_FIRST_ID}..`, devices),
    speedup,
    historyHours: positiveNumber('history', values.get('history') ?? (speedup > 1 ? '24' : '0')),
    warmFrom: timeOption('warm-from', values.get('warm-from')),
    allDayFrom: timeOption('allday-from', values.get('allday-from')),
    extra,
    forwardToken: env.FROTA_FORWARD_TOKEN || undefined,
    wait: flags.has('wait'),
    allDay: flags.has('allday'),
    apiUrl: `http://${host.includes(':') ? `[${host}]` : host}:${apiPort}/api/server`,
    maxBatch: Math.floor(positiveNumber('batch', values.get('batch') ?? '25', 1)),
    statusSeconds: positiveNumber('status', values.get('status') ?? '30', 1),
    seed: Math.floor(positiveNumber('seed', values.get('seed') ?? '1')),
    cameras,
    cameraHost: values.get('camera-host') ?? host,
    cameraPort: positiveNumber(
      'camera-port',
      values.get('camera-port') ?? env.FROTA_CAMERA_PORT ?? '5028',
      1,
    ),
    cameraEveryMinutes: positiveNumber('camera-every', values.get('camera-every') ?? '15'),
    cacheDir: join(env.FROTA_DATA_DIR ?? 'data', 'cache'),
  };
}
