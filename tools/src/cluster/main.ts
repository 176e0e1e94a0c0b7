/**
 * `npm run cluster`: two app nodes on PostgreSQL + Redis behind HAProxy, on this machine, until Ctrl-C.
 * Needs FROTA_DATABASE_URL (postgres://…) and FROTA_REDIS_URL. Proxy ports: FROTA_CLUSTER_PORT (8092),
 * FROTA_CLUSTER_TELTONIKA_PORT (5127), FROTA_CLUSTER_OSMAND_PORT (5155), FROTA_CLUSTER_CAMERA_PORT (5128),
 * FROTA_CLUSTER_STATS_PORT (8093); FROTA_CLUSTER_NODES (2); FROTA_CLUSTER_DIR (/tmp/frota-cluster).
 * The nodes get every other FROTA_* setting of this environment (FROTA_ADMIN_PASSWORD, FROTA_SMTP_URL…).
 */
import { startCluster } from './cluster';

const env = process.env;
const num = (name: string, fallback: number) => {
  const v = env[name] ? Number(env[name]) : fallback;
  if (!Number.isInteger(v) || v < 0 || v > 65535) throw new Error(`${name} must be a port number`);
  return v;
};

if (!env.FROTA_DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.FROTA_DATABASE_URL) || !env.FROTA_REDIS_URL) {
  console.error(
    'npm run cluster needs FROTA_DATABASE_URL=postgres://… and FROTA_REDIS_URL=redis://… (the nodes share both)',
  );
  process.exit(2);
}

const dir = env.FROTA_CLUSTER_DIR ?? '/tmp/frota-cluster';
const cluster = await startCluster({
  databaseUrl: env.FROTA_DATABASE_URL,
  redisUrl: env.FROTA_REDIS_URL,
  dir,
  nodes: num('FROTA_CLUSTER_NODES', 2),
  jobIntervalSeconds: env.FROTA_JOB_INTERVAL ? Number(env.FROTA_JOB_INTERVAL) : undefined,
  env: { FROTA_LOG_LEVEL: env.FROTA_LOG_LEVEL ?? 'info' },
  proxy: {
    host: env.FROTA_CLUSTER_HOST ?? '127.0.0.1',
    http: num('FROTA_CLUSTER_PORT', 8092),
    teltonika: num('FROTA_CLUSTER_TELTONIKA_PORT', 5127),
    osmand: num('FROTA_CLUSTER_OSMAND_PORT', 5155),
    camera: num('FROTA_CLUSTER_CAMERA_PORT', 5128),
    stats: num('FROTA_CLUSTER_STATS_PORT', 8093),
  },
});

const u = cluster.urls;
console.log(`Frota cluster: ${cluster.nodes.length} nodes behind HAProxy (logs and data in ${dir})`);
console.log(`  web and API   ${u.web}`);
console.log(`  WebSocket     ${u.socket}`);
console.log(`  Teltonika     ${u.teltonika} (TCP)`);
console.log(`  OsmAnd        ${u.osmand}`);
console.log(`  camera        ${u.camera} (TCP)`);
console.log(`  HAProxy stats ${u.stats}`);
for (const n of cluster.nodes)
  console.log(`  ${n.name}         ${n.base} (pid ${n.proc.child.pid}, log ${n.logFile})`);
console.log('Ctrl-C stops every process.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  });
for (const n of cluster.nodes)
  void n.proc.exited.then((code) => {
    if (!stopping) console.log(`${n.name} exited (${code}); the proxy sends its traffic to the others`);
  });
