/** Starts and stops a whole server (database, migrations, HTTP); used by main.ts and by tests. */
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest, moduleMigrations } from './db/migrate';
import { buildApp, loggerOptions } from './app';
import { LoginThrottle } from './auth/throttle';
import { MailBudget } from './auth/mailBudget';
import { MemoryCounterStore, RedisCounterStore } from './auth/throttleStore';
import { createMailer } from './services/mailer';
import { LiveHub } from './live/hub';
import { ensureAdministrator } from './services/bootstrap';
import { ChangeBus, type Services } from './services/context';
import { Ingest } from './processing/ingest';
import { createNotifier } from './events/notify/notifier';
import { createSmsSender } from './events/notify/sms';
import { createGeocoder, type ServerGeocoder } from './processing/geocoder';
import { startOfflineDetector } from './jobs/offlineDetector';
import { startReportScheduler } from './reports/scheduler';
import { startPrecompactor } from './reports/precompact';
import { randomBytes } from 'node:crypto';
import { RedisBus } from './live/redisBus';
import type { ChangeKind } from './services/context';
import {
  FRAMED_CODECS,
  startFramedTcp,
  startOsmand,
  startTeltonika,
  type FramedListener,
  type OsmandListener,
  type TeltonikaListener,
} from './protocols';
import { startCameraListener, type CameraListener } from './protocols/camera';
import type { ModuleRuntime, ServerModule } from './manifest/serverModule';
import { SERVER_MODULES } from './moduleList';

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  url: string;
  ingest: Ingest;
  notifier: ReturnType<typeof createNotifier>;
  /** the pipeline's geocoder (tests wait on its lookup of a spot, which joins a request under way) */
  geocoder: ServerGeocoder;
  /**
   * Resolves when every module has written the work in hand: what follows stored records (tachograph
   * drivers, passenger pickups), camera video conversions (tests wait on it)
   */
  modulesIdle(): Promise<void>;
  teltonika?: TeltonikaListener;
  osmand?: OsmandListener;
  /** the framed protocols' listeners (GT06, H02, Queclink, Coban, Wialon IPS), one per protocol */
  framed: FramedListener[];
  /** the camera upload listener (FROTA_CAMERA_PORT) */
  camera?: CameraListener;
  stop(): Promise<void>;
}

/** A module's settings from the FROTA_* variables, checked by its schema. */
function moduleSettings(module: ServerModule, config: Config): unknown {
  if (!module.settings) return undefined;
  const parsed = module.settings.safeParse(config.moduleEnv);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Invalid configuration (${module.name}): ${issues}`);
}

export async function startServer(
  config: Config,
  /** throttle: the login throttle to use instead of one built from the config (the server closes it) */
  opts: {
    db?: Db;
    listen?: boolean;
    throttle?: LoginThrottle;
    /** the modules to run (moduleList.ts); a test may add one */
    modules?: readonly ServerModule[];
  } = {},
): Promise<RunningServer> {
  const modules = opts.modules ?? SERVER_MODULES;
  const settings = new Map(modules.map((module) => [module, moduleSettings(module, config)]));
  const log = pino({ level: config.logLevel });
  const db =
    opts.db ??
    openDatabase(
      config.database.kind === 'sqlite'
        ? { kind: 'sqlite', file: config.database.file, synchronous: config.database.synchronous }
        : { kind: 'postgres', url: config.database.url },
    );
  const applied = await migrateToLatest(db, moduleMigrations(modules, db));
  if (applied.length) log.info({ applied }, 'migrations applied');
  await ensureAdministrator(db, config.adminEmail, config.adminPassword, log);

  const services: Services = {
    config,
    db,
    mailer: createMailer(config.smtpUrl, config.smtpFrom, log),
    throttle:
      opts.throttle ??
      new LoginThrottle(
        config.redisUrl
          ? await RedisCounterStore.connect(config.redisUrl, {
              prefix: `${config.redisPrefix}login:`,
              onError: (err) => log.warn({ err }, 'login throttle: Redis unavailable, counting on this node'),
            })
          : new MemoryCounterStore(),
      ),
    mailBudget: new MailBudget(
      config.redisUrl
        ? await RedisCounterStore.connect(config.redisUrl, {
            prefix: `${config.redisPrefix}mail:`,
            onError: (err) => log.warn({ err }, 'mail budget: Redis unavailable, counting on this node'),
          })
        : new MemoryCounterStore(),
    ),
    live: new LiveHub(db),
    changes: new ChangeBus(),
  };
  for (const module of modules) module.provide?.(services);
  const notifier = createNotifier({
    db,
    mailer: services.mailer,
    sms: createSmsSender(config.smsUrl, log),
    log: log.child({ component: 'notifications' }),
  });
  const geocoder = createGeocoder({ url: config.geocoderUrl, log: log.child({ component: 'geocoder' }) });
  await geocoder.warmUp();
  const node = randomBytes(6).toString('hex');
  const runtimes: ModuleRuntime[] = modules.map(
    (module) =>
      module.start?.({
        services,
        log,
        node,
        listening: opts.listen !== false,
        settings: settings.get(module),
        lookupAddress: (latitude, longitude) => geocoder.lookup(latitude, longitude),
      }) ?? {},
  );
  const followers = runtimes.filter((r) => r.onStored);
  const ingest = new Ingest({
    db,
    live: services.live,
    onStored: (positions, devices, positionIds) => {
      for (const follower of followers) follower.onStored!(positions, devices, positionIds);
    },
    notifier,
    address: (latitude, longitude) => geocoder.lookupSync(latitude, longitude),
    roadLimit: (latitude, longitude) => geocoder.roadLimitSync(latitude, longitude),
    log,
  });
  const localChange = (kind: ChangeKind) => {
    ingest.invalidate(kind);
    if (kind === 'notifications' || kind === 'links' || kind === 'users') notifier.invalidate();
    if (kind === 'devices') void services.live.reloadPrivacy();
  };
  services.changes.on(localChange);
  const app = await buildApp(services, {
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    modules,
  });
  for (const runtime of runtimes) runtime.attach?.({ node, ingest });
  let bus: RedisBus | undefined;
  if (config.redisUrl) {
    bus = await RedisBus.connect(
      config.redisUrl,
      node,
      {
        live: (message) => services.live.deliver(message),
        change: (kind) => {
          localChange(kind as ChangeKind);
          // logged once this node's sockets see by the change (tests wait for the line)
          void services.live
            .refreshScopes()
            .then(() => log.debug({ kind }, 'live scopes refreshed after a change on another node'));
        },
      },
      { prefix: config.redisPrefix },
    );
    services.live.attachBus(bus);
    log.info({ node }, 'live fan-out through Redis');
  }
  const jobs =
    opts.listen === false
      ? []
      : [
          startOfflineDetector({
            db,
            live: services.live,
            node,
            timeoutMs: config.deviceTimeout * 1000,
            onOffline: (ids) => ingest.markOffline(ids),
            notify: (contexts) => notifier.handle(contexts),
          }),
          startReportScheduler(services, {
            intervalMs: config.jobIntervalMs,
            onError: (err) => log.error({ err }, 'report scheduler'),
          }),
          startPrecompactor(db, { onError: (err) => log.error({ err }, 'report precompact') }),
        ];
  if (bus) services.changes.on((kind) => bus!.publishChange(kind));
  let url = '';
  if (opts.listen !== false) url = await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  let teltonika: TeltonikaListener | undefined;
  let osmand: OsmandListener | undefined;
  let camera: CameraListener | undefined;
  const framed: FramedListener[] = [];
  if (opts.listen !== false) {
    const protocolLog = log.child({ component: 'devices' });
    teltonika = await startTeltonika({
      port: config.teltonikaPort,
      host: config.host,
      sink: ingest,
      log: protocolLog,
    });
    osmand = await startOsmand({
      port: config.osmandPort,
      host: config.host,
      sink: ingest,
      log: protocolLog,
    });
    for (const [name, codec] of Object.entries(FRAMED_CODECS)) {
      const listener = await startFramedTcp(codec, {
        port: config.framedPorts[name as keyof typeof config.framedPorts],
        host: config.host,
        sink: ingest,
        log: protocolLog,
        idleTimeoutMs: config.deviceTimeout * 1000,
      });
      framed.push(listener);
    }
    services.commands = {
      // a command goes to the listener holding the device's connection (Teltonika when none does)
      send: (uniqueId, text, timeoutMs) =>
        (framed.find((l) => l.connected(uniqueId)) ?? teltonika!).sendCommand(uniqueId, text, timeoutMs),
    };
    const cameraSink = runtimes.find((r) => r.cameraSink)?.cameraSink;
    if (cameraSink) {
      camera = await startCameraListener({
        port: config.cameraPort,
        host: config.host,
        sink: cameraSink,
        log: log.child({ component: 'cameras' }),
      });
      // port 0 (tests) binds a free port: cameras must be told the real one (camreq)
      config.cameraPort = camera.port;
    }
    for (const runtime of runtimes) runtime.attach?.({ teltonika, osmand, camera, framed });
    log.info(
      {
        teltonika: teltonika.tcpPort,
        osmand: osmand.port,
        camera: camera?.port,
        ...Object.fromEntries(framed.map((l) => [l.protocol, l.port])),
      },
      'device listeners ready',
    );
  }

  const modulesIdle = async () => {
    for (const runtime of runtimes) await runtime.idle?.();
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const job of jobs) await job.stop();
      for (const runtime of runtimes) await runtime.stop?.();
      // Devices first: no new records; records already received are committed (and acknowledged).
      await Promise.all([
        teltonika?.close(),
        osmand?.close(),
        camera?.close(),
        ...framed.map((l) => l.close()),
      ]);
      await ingest.writer.close();
      await modulesIdle();
      await notifier.close();
      await bus?.close();
      services.live.closeAll();
      await app.close(); // stops accepting, waits for in-flight requests (and their writes) to finish
      await services.throttle.close();
      await services.mailBudget.close();
      for (const runtime of runtimes) await runtime.close?.();
      if (!opts.db) await db.close();
    })());
  return {
    app,
    services,
    url,
    ingest,
    notifier,
    geocoder,
    modulesIdle,
    teltonika,
    osmand,
    framed,
    camera,
    stop,
  };
}
