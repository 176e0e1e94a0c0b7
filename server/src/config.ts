/**
 * The one place that reads the environment. Every setting of ARCHITECTURE §3 is parsed and validated here;
 * the rest of the server receives a typed Config.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The device protocols served by the shared framed TCP listener, each on a port of its own. */
export const FRAMED_PROTOCOLS = ['gt06', 'h02', 'gl200', 'gps103', 'wialon'] as const;
export type FramedProtocol = (typeof FRAMED_PROTOCOLS)[number];

/** The port numbers fleets already configure for these protocols (Traccar's). */
export const FRAMED_DEFAULT_PORTS: Record<FramedProtocol, number> = {
  gt06: 5023,
  h02: 5013,
  gl200: 5004,
  gps103: 5001,
  wialon: 5039,
};

/** Every device port setting: tests that run several servers set each to 0 (a free port). */
export const DEVICE_PORT_VARIABLES = [
  'FROTA_TELTONIKA_PORT',
  'FROTA_OSMAND_PORT',
  'FROTA_CAMERA_PORT',
  ...FRAMED_PROTOCOLS.map((name) => `FROTA_${name.toUpperCase()}_PORT`),
];

/** Every device port on a free one (tests). */
export function freeDevicePorts(): Record<string, string> {
  return Object.fromEntries(DEVICE_PORT_VARIABLES.map((name) => [name, '0']));
}

const schema = z.object({
  FROTA_PORT: port(8082),
  FROTA_HOST: z.string().default('0.0.0.0'),
  FROTA_DATA_DIR: z.string().default('./data'),
  FROTA_DATABASE_URL: optionalUrl,
  FROTA_REDIS_URL: optionalUrl,
  FROTA_REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]*$/, 'letters, digits and _ : . - only')
    .default('frota:'),
  FROTA_SMTP_URL: optionalUrl,
  FROTA_SMTP_FROM: z.string().default('Frota <no-reply@frota.local>'),
  FROTA_TELTONIKA_PORT: port(5027),
  FROTA_OSMAND_PORT: port(5055),
  FROTA_CAMERA_PORT: port(5028),
  FROTA_GT06_PORT: port(FRAMED_DEFAULT_PORTS.gt06),
  FROTA_H02_PORT: port(FRAMED_DEFAULT_PORTS.h02),
  FROTA_GL200_PORT: port(FRAMED_DEFAULT_PORTS.gl200),
  FROTA_GPS103_PORT: port(FRAMED_DEFAULT_PORTS.gps103),
  FROTA_WIALON_PORT: port(FRAMED_DEFAULT_PORTS.wialon),
  FROTA_CAMERA_HOST: optionalUrl,
  FROTA_CAMERA_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  FROTA_GEOCODER_URL: optionalUrl,
  FROTA_SMS_URL: optionalUrl,
  FROTA_DEVICE_TIMEOUT: z.coerce.number().int().min(30).default(600),
  FROTA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FROTA_ADMIN_EMAIL: z.string().email().default('admin@frota.local'),
  FROTA_ADMIN_PASSWORD: optionalUrl,
  FROTA_PUBLIC_URL: optionalUrl,
  FROTA_SQLITE_SYNCHRONOUS: z.enum(['OFF', 'NORMAL', 'FULL', 'EXTRA']).default('NORMAL'),
  FROTA_WEB_DIR: optionalUrl,
  FROTA_MAPILLARY_TOKEN: optionalUrl,
  FROTA_MAPILLARY_URL: z.string().trim().url().default('https://graph.mapillary.com'),
  FROTA_JOB_INTERVAL: z.coerce.number().int().min(1).max(3600).default(60),
  FROTA_METRICS_TOKEN: optionalUrl,
  FROTA_TRUST_PROXY: optionalUrl,
  FROTA_ALLOW_PRIVATE_URLS: optionalUrl,
  FROTA_RETENTION_MONTHS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).optional(),
  ),
});

export interface Config {
  /**
   * The FROTA_* variables as given: modules read their own settings from it through their manifest's
   * `settings` schema (manifest/serverModule.ts), so a module's setting needs no line here.
   */
  moduleEnv: Readonly<Record<string, string>>;
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string; synchronous: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  /**
   * FROTA_REDIS_PREFIX (default `frota:`): starts every Redis channel and key the server uses, so two
   * installations can share one Redis without hearing each other's live positions or login counts
   */
  redisPrefix: string;
  smtpUrl?: string;
  smtpFrom: string;
  teltonikaPort: number;
  osmandPort: number;
  /**
   * TCP ports of the framed device protocols (GT06, H02, Queclink, Coban, Wialon IPS), by protocol name:
   * FROTA_<NAME>_PORT, defaulting to the port numbers fleets already configure for Traccar
   */
  framedPorts: Record<FramedProtocol, number>;
  /** TCP port of the camera upload listener (DualCam/DashCam files) */
  cameraPort: number;
  /**
   * The host name or address cameras are told to upload to (`camreq:…,<domain>,<port>`): FROTA_CAMERA_HOST,
   * else the host of FROTA_PUBLIC_URL, else 127.0.0.1.
   */
  cameraHost: string;
  /**
   * FROTA_CAMERA_PUBLIC_PORT: the port cameras are told to upload to, when it is not the listener's own
   * (a cluster: the proxy's camera port, which forwards to every node's listener). Unset: cameraPort.
   */
  cameraPublicPort?: number;
  geocoderUrl?: string;
  smsUrl?: string;
  /** seconds without a report before a device is offline */
  deviceTimeout: number;
  logLevel: string;
  adminEmail: string;
  adminPassword?: string;
  publicUrl?: string;
  webDir: string;
  version: string;
  /** Mapillary client token for street photos in the replay; without it none are looked up */
  mapillaryToken?: string;
  /** Mapillary Graph API base URL */
  mapillaryUrl: string;
  /**
   * FROTA_JOB_INTERVAL (seconds, default 60) in ms: the tick of the minute jobs that run on one node
   * (report schedules, Traccar scheduled reports, maintenance notices); their lease lasts three ticks or
   * 30 s, whichever is shorter, and is renewed while held (jobs/leasedJob.ts), so a dead node's job moves
   * to a live one within that lease and a beat
   */
  jobIntervalMs: number;
  /** FROTA_METRICS_TOKEN: a Bearer token that may read GET /metrics without an administrator session */
  metricsToken?: string;
  /**
   * Fastify trustProxy (FROTA_TRUST_PROXY): unset trusts no proxy; `true`/`1` trusts the proxy in front;
   * otherwise a comma list of proxy addresses or CIDRs. Only then X-Forwarded-* count (HTTPS, client ip).
   */
  trustProxy: boolean | string[];
  /**
   * FROTA_ALLOW_PRIVATE_URLS: outgoing URLs users set may reach these private ranges (comma list of
   * addresses, CIDRs or host names; `true` allows every private address). Unset: none.
   */
  allowPrivateUrls: string[];
  /**
   * FROTA_RETENTION_MONTHS (PostgreSQL): keep the positions and events of the current month and this many
   * months before it; older monthly partitions are dropped whole. Unset: keep everything.
   */
  retentionMonths?: number;
}

export const VERSION = '0.1.0';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.FROTA_DATA_DIR);
  const url = e.FROTA_DATABASE_URL;
  let database: Config['database'];
  if (url && /^postgres(ql)?:\/\//.test(url)) database = { kind: 'postgres', url };
  else if (url && url.startsWith('sqlite:'))
    database = {
      kind: 'sqlite',
      file: resolve(url.replace(/^sqlite:(\/\/)?/, '')),
      synchronous: e.FROTA_SQLITE_SYNCHRONOUS,
    };
  else if (url)
    throw new Error('Invalid configuration: FROTA_DATABASE_URL must start with postgres:// or sqlite:');
  else
    database = {
      kind: 'sqlite',
      file: resolve(dataDir, 'frota.db'),
      synchronous: e.FROTA_SQLITE_SYNCHRONOUS,
    };
  return {
    port: e.FROTA_PORT,
    host: e.FROTA_HOST,
    dataDir,
    database,
    redisUrl: e.FROTA_REDIS_URL,
    redisPrefix: e.FROTA_REDIS_PREFIX,
    smtpUrl: e.FROTA_SMTP_URL,
    smtpFrom: e.FROTA_SMTP_FROM,
    teltonikaPort: e.FROTA_TELTONIKA_PORT,
    osmandPort: e.FROTA_OSMAND_PORT,
    framedPorts: {
      gt06: e.FROTA_GT06_PORT,
      h02: e.FROTA_H02_PORT,
      gl200: e.FROTA_GL200_PORT,
      gps103: e.FROTA_GPS103_PORT,
      wialon: e.FROTA_WIALON_PORT,
    },
    cameraPort: e.FROTA_CAMERA_PORT,
    cameraHost: e.FROTA_CAMERA_HOST ?? publicHost(e.FROTA_PUBLIC_URL) ?? '127.0.0.1',
    cameraPublicPort: e.FROTA_CAMERA_PUBLIC_PORT,
    geocoderUrl: e.FROTA_GEOCODER_URL,
    smsUrl: e.FROTA_SMS_URL,
    deviceTimeout: e.FROTA_DEVICE_TIMEOUT,
    logLevel: e.FROTA_LOG_LEVEL,
    adminEmail: e.FROTA_ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.FROTA_ADMIN_PASSWORD,
    publicUrl: e.FROTA_PUBLIC_URL,
    webDir: resolve(e.FROTA_WEB_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    version: VERSION,
    mapillaryToken: e.FROTA_MAPILLARY_TOKEN,
    mapillaryUrl: e.FROTA_MAPILLARY_URL.replace(/\/+$/, ''),
    jobIntervalMs: e.FROTA_JOB_INTERVAL * 1000,
    metricsToken: e.FROTA_METRICS_TOKEN,
    trustProxy: trustProxyOf(e.FROTA_TRUST_PROXY),
    allowPrivateUrls: listOf(e.FROTA_ALLOW_PRIVATE_URLS),
    retentionMonths: e.FROTA_RETENTION_MONTHS,
    moduleEnv: Object.fromEntries(
      Object.entries(env).filter(
        (entry): entry is [string, string] => entry[0].startsWith('FROTA_') && entry[1] !== undefined,
      ),
    ),
  };
}

function publicHost(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

const listOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function trustProxyOf(text: string | undefined): Config['trustProxy'] {
  if (!text || /^(false|0|no)$/i.test(text)) return false;
  if (/^(true|yes|1)$/i.test(text)) return true;
  return listOf(text);
}
