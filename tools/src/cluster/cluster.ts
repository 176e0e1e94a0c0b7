/**
 * A local cluster (ARCHITECTURE §7): N app nodes on one PostgreSQL database and one Redis behind HAProxy.
 * Nodes are plain server processes on loopback ports; the proxy's ports are the ones devices and browsers
 * use. Used by `npm run cluster` and by the node-kill test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { haproxyConfig, nodeName, type NodePorts, type ProxyPorts } from './haproxyConfig';
import { findHaproxy, freePort, startProcess, waitReady, type Proc } from './processes';
import { freeDevicePorts } from '../../../server/src/config';
import { SERVER_NODE_FLAGS } from '../../serverNodeFlags.mjs';

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  /** folder for the nodes' data dirs, the proxy configuration and the logs */
  dir: string;
  nodes?: number;
  /** the proxy's ports (0 or missing: a free one) */
  proxy?: Partial<ProxyPorts>;
  /** FROTA_JOB_INTERVAL of the nodes, seconds (default 10: a dead node's jobs move within 40 s) */
  jobIntervalSeconds?: number;
  /** more environment for every node */
  env?: Record<string, string>;
  /** awaited after each node is up, before the next starts (index of the node just started) */
  afterNode?: (index: number) => Promise<void>;
}

export interface ClusterNode {
  name: string;
  index: number;
  ports: NodePorts;
  base: string;
  proc: Proc;
  logFile: string;
}

export interface BackendState {
  backend: string;
  server: string;
  status: string;
  /** connections open now, and since the start */
  current: number;
  total: number;
}

export interface Cluster {
  nodes: ClusterNode[];
  proxy: ProxyPorts;
  urls: { web: string; socket: string; teltonika: string; osmand: string; camera: string; stats: string };
  haproxy: Proc;
  /** every backend server's state as HAProxy sees it (UP, DOWN, ...) */
  backends(): Promise<BackendState[]>;
  /** waits until HAProxy reports every server of `node` as `status` in every backend */
  waitNode(node: ClusterNode, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const port = async (p: number | undefined) => (p ? p : freePort());

/**
 * The environment of one node: its own loopback ports and data dir, the shared database and Redis, and the
 * proxy's address as the one devices are told (cameras upload through the proxy's camera port).
 */
export function nodeEnvironment(
  o: Pick<ClusterOptions, 'databaseUrl' | 'redisUrl' | 'jobIntervalSeconds' | 'env'>,
  proxy: ProxyPorts,
  ports: NodePorts,
  dataDir: string,
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  return {
    ...base,
    FROTA_LOG_LEVEL: 'warn',
    // cameras upload through the proxy (its camera frontend, TCP), never to one node's own port
    FROTA_CAMERA_HOST: proxy.host,
    FROTA_CAMERA_PUBLIC_PORT: String(proxy.camera),
    // HAProxy (option forwardfor) is the only client the nodes see: trust its X-Forwarded-* headers
    FROTA_TRUST_PROXY: '127.0.0.1',
    ...o.env,
    FROTA_HOST: '127.0.0.1',
    FROTA_PORT: String(ports.http),
    ...freeDevicePorts(),
    FROTA_TELTONIKA_PORT: String(ports.teltonika),
    FROTA_OSMAND_PORT: String(ports.osmand),
    FROTA_CAMERA_PORT: String(ports.camera),
    FROTA_DATA_DIR: dataDir,
    FROTA_DATABASE_URL: o.databaseUrl,
    FROTA_REDIS_URL: o.redisUrl,
    FROTA_JOB_INTERVAL: String(o.jobIntervalSeconds ?? 10),
  };
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const haproxyBin = findHaproxy();
  if (!haproxyBin) throw new Error('HAProxy not found: install the Debian package haproxy');
  mkdirSync(o.dir, { recursive: true });
  const count = o.nodes ?? 2;
  const host = o.proxy?.host ?? '127.0.0.1';
  const proxy: ProxyPorts = {
    host,
    http: await port(o.proxy?.http),
    teltonika: await port(o.proxy?.teltonika),
    osmand: await port(o.proxy?.osmand),
    camera: await port(o.proxy?.camera),
    stats: await port(o.proxy?.stats),
  };
  const nodes: ClusterNode[] = [];
  let haproxy: Proc | undefined;
  const stopAll = async () => {
    await haproxy?.stop();
    await Promise.all(nodes.map((n) => n.proc.stop()));
  };
  try {
    for (let index = 0; index < count; index++) {
      const ports: NodePorts = {
        http: await freePort(),
        teltonika: await freePort(),
        osmand: await freePort(),
        camera: await freePort(),
      };
      const name = nodeName(index);
      const dataDir = join(o.dir, name);
      mkdirSync(dataDir, { recursive: true });
      const logFile = join(o.dir, `${name}.log`);
      const proc = startProcess(
        process.execPath,
        [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/src/main.ts'],
        nodeEnvironment(o, proxy, ports, dataDir),
        logFile,
      );
      const node: ClusterNode = { name, index, ports, base: `http://127.0.0.1:${ports.http}`, proc, logFile };
      nodes.push(node);
      // the first node runs the migrations; the next ones start on a migrated database
      await waitReady(`${node.base}/api/server`, proc, 120_000);
      await o.afterNode?.(index);
    }
    const config = join(o.dir, 'haproxy.cfg');
    writeFileSync(
      config,
      haproxyConfig(
        proxy,
        nodes.map((n) => n.ports),
      ),
    );
    haproxy = startProcess(haproxyBin, ['-db', '-f', config], process.env, join(o.dir, 'haproxy.log'));
    const stats = `http://${host}:${proxy.stats}/stats`;
    await waitReady(stats, haproxy, 20_000);
    const cluster = makeCluster(nodes, proxy, haproxy, stopAll);
    for (const node of nodes) await cluster.waitNode(node, 'UP');
    return cluster;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function makeCluster(nodes: ClusterNode[], proxy: ProxyPorts, haproxy: Proc, stop: () => Promise<void>) {
  const h = proxy.host;
  const backends = async (): Promise<BackendState[]> => {
    const csv = await (await fetch(`http://${h}:${proxy.stats}/stats;csv`)).text();
    return csv
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(','))
      .filter(([, server]) => server !== 'FRONTEND' && server !== 'BACKEND')
      .map(([backend, server, ...rest]) => ({
        backend,
        server,
        status: rest[15],
        current: Number(rest[2]),
        total: Number(rest[5]),
      }));
  };
  const cluster: Cluster = {
    nodes,
    proxy,
    haproxy,
    urls: {
      web: `http://${h}:${proxy.http}`,
      socket: `ws://${h}:${proxy.http}/api/socket`,
      teltonika: `${h}:${proxy.teltonika}`,
      osmand: `http://${h}:${proxy.osmand}`,
      camera: `${h}:${proxy.camera}`,
      stats: `http://${h}:${proxy.stats}/stats`,
    },
    backends,
    async waitNode(node, status, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = (await backends()).filter((b) => b.server === node.name);
        if (mine.length === 4 && mine.every((b) => b.status.startsWith(status))) return;
        if (Date.now() > deadline)
          throw new Error(`${node.name} not ${status} in HAProxy: ${JSON.stringify(mine)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop,
  };
  return cluster;
}
