/**
 * The health of one node: the database answers, Redis answers (when configured), the device listeners
 * accept connections (when started), and who holds each job lease. `healthy` is false when any dependency
 * is down; an expired lease is reported but is not a failure (the next tick of any node takes it over).
 */
import { sql } from 'kysely';
import type { Services } from '../../services/context';
import type { Operations } from './operations';
import { acceptsConnections } from './listenerProbe';

export type PartStatus = 'ok' | 'down' | 'not configured';
export type ListenerStatus = 'listening' | 'down' | 'not started';

export interface ListenerHealth {
  status: ListenerStatus;
  port?: number;
  connections?: number;
}

export interface LeaseHealth {
  name: string;
  holder: string;
  /** held by this node */
  heldHere: boolean;
  expiresAt: string;
  /** milliseconds until it expires; negative when it already has */
  expiresInMs: number;
  fresh: boolean;
}

export interface HealthReport {
  healthy: boolean;
  checkedAt: string;
  version: string;
  node: string | null;
  database: { status: PartStatus; dialect: string; latencyMs?: number; error?: string };
  redis: { status: PartStatus; latencyMs?: number; error?: string };
  listeners: {
    teltonikaTcp: ListenerHealth;
    teltonikaUdp: ListenerHealth;
    osmand: ListenerHealth;
    camera: ListenerHealth;
    /** the framed protocols, by name (gt06, h02, gl200, gps103, wialon) */
    [protocol: string]: ListenerHealth;
  };
  leases: LeaseHealth[];
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'unavailable';

async function databaseHealth(services: Services): Promise<HealthReport['database']> {
  const started = performance.now();
  try {
    await sql`SELECT 1`.execute(services.db.kysely);
    return { status: 'ok', dialect: services.db.dialect, latencyMs: round(performance.now() - started) };
  } catch (err) {
    return { status: 'down', dialect: services.db.dialect, error: message(err) };
  }
}

async function redisHealth(ops: Operations): Promise<HealthReport['redis']> {
  if (!ops.redis) return { status: 'not configured' };
  try {
    return { status: 'ok', latencyMs: round(await ops.redis.ping()) };
  } catch (err) {
    return { status: 'down', error: message(err) };
  }
}

async function tcpListener(
  ops: Operations,
  port: number | undefined,
  connections: number | undefined,
): Promise<ListenerHealth> {
  if (port === undefined || ops.stopped) return { status: 'not started' };
  const listening = await acceptsConnections(ops.config.host, port);
  return { status: listening ? 'listening' : 'down', port, connections };
}

async function listenersHealth(ops: Operations): Promise<HealthReport['listeners']> {
  const { teltonika, osmand, camera, framed = [] } = ops.parts;
  const framedHealth = await Promise.all(
    framed.map(async (l) => [l.protocol, await tcpListener(ops, l.port, l.stats().connections)] as const),
  );
  const [teltonikaTcp, osmandHealth, cameraHealth] = await Promise.all([
    tcpListener(ops, teltonika?.tcpPort, teltonika?.stats().connections),
    tcpListener(ops, osmand?.port, osmand?.stats().connections),
    tcpListener(ops, camera?.port, camera?.stats().connections),
  ]);
  // UDP has no connection to probe: its socket is bound as long as the listener runs
  const teltonikaUdp: ListenerHealth =
    teltonika && !ops.stopped ? { status: 'listening', port: teltonika.udpPort } : { status: 'not started' };
  return {
    teltonikaTcp,
    teltonikaUdp,
    osmand: osmandHealth,
    camera: cameraHealth,
    ...Object.fromEntries(framedHealth),
  };
}

async function leasesHealth(services: Services, node: string | undefined): Promise<LeaseHealth[]> {
  const now = Date.now();
  const rows = await services.db.kysely
    .selectFrom('leases')
    .select(['name', 'holder', 'expiresAt'])
    .orderBy('name')
    .execute();
  return rows.map((r) => {
    const expiresAt = Number(r.expiresAt);
    return {
      name: r.name,
      holder: r.holder,
      heldHere: r.holder === node,
      expiresAt: new Date(expiresAt).toISOString(),
      expiresInMs: expiresAt - now,
      fresh: expiresAt > now,
    };
  });
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function checkHealth(services: Services, ops: Operations): Promise<HealthReport> {
  const [database, redis, listeners] = await Promise.all([
    databaseHealth(services),
    redisHealth(ops),
    listenersHealth(ops),
  ]);
  const leases = database.status === 'ok' ? await leasesHealth(services, ops.parts.node).catch(() => []) : [];
  const healthy =
    database.status !== 'down' &&
    redis.status !== 'down' &&
    Object.values(listeners).every((l) => l.status !== 'down');
  return {
    healthy,
    checkedAt: new Date().toISOString(),
    version: services.config.version,
    node: ops.parts.node ?? null,
    database,
    redis,
    listeners,
    leases,
  };
}

/** The plain-text answer (Traccar clients): `OK`, or what is down. */
export function healthText(report: HealthReport): string {
  if (report.healthy) return 'OK';
  const down: string[] = [];
  if (report.database.status === 'down') down.push('Base de dados indisponível (database unavailable)');
  if (report.redis.status === 'down') down.push('Redis indisponível (Redis unavailable)');
  const listeners = Object.entries(report.listeners)
    .filter(([, l]) => l.status === 'down')
    .map(([name]) => name);
  if (listeners.length)
    down.push(`Receptores indisponíveis: ${listeners.join(', ')} (device listeners down)`);
  return down.join('; ');
}
