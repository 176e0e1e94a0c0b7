/** Starts and stops a whole server (database, migrations, HTTP); used by main.ts and by tests. */
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
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
import { startScheduledReports } from './modules/traccar/scheduled/reportJob';
import { startMaintenanceNotifier } from './modules/maintenanceNotifications/job';
import { TachoDriverTracker, vehiclePlate } from './modules/tacho/live/driverTracker';
import { PassengerPickupRecorder } from './modules/passengers/pickupRecorder';
import { startPrecompactor } from './reports/precompact';
import { startSegmentJob } from './modules/segments/job';
import { startPartitionMaintainer } from './modules/partitions/partitionJob';
import { randomBytes } from 'node:crypto';
import { RedisBus } from './live/redisBus';
import type { ChangeKind } from './services/context';
import { startOsmand, startTeltonika, type OsmandListener, type TeltonikaListener } from './protocols';
import { startCameraListener, type CameraListener } from './protocols/camera';
import { cameraUploadSink } from './modules/cameras/media/uploadSink';
import { startVideoConverter, type VideoConverter } from './modules/cameras/media/conversionJob';
import { Operations } from './modules/operations/operations';

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  url: string;
  ingest: Ingest;
  notifier: ReturnType<typeof createNotifier>;
  /** the pipeline's geocoder (tests wait on its lookup of a spot, which joins a request under way) */
  geocoder: ServerGeocoder;
  /** what follows stored records: tachograph drivers, passenger pickups (tests wait on their idle()) */
  tacho: TachoDriverTracker;
  pickups: PassengerPickupRecorder;
  teltonika?: TeltonikaListener;
  osmand?: OsmandListener;
  /** the camera upload listener (FROTA_CAMERA_PORT) */
  camera?: CameraListener;
  /** the camera video conversion job */
  videos?: VideoConverter;
  stop(): Promise<void>;
}

export async function startServer(
  config: Config,
  /** throttle: the login throttle to use instead of one built from the config (the server closes it) */
  opts: { db?: Db; listen?: boolean; throttle?: LoginThrottle } = {},
): Promise<RunningServer> {
  const log = pino({ level: config.logLevel });
  const db =
    opts.db ??
    openDatabase(
      config.database.kind === 'sqlite'
        ? { kind: 'sqlite', file: config.database.file, synchronous: config.database.synchronous }
        : { kind: 'postgres', url: config.database.url },
    );
  const applied = await migrateToLatest(db);
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
  services.operations = new Operations(config, services.live);
  const notifier = createNotifier({
    db,
    mailer: services.mailer,
    sms: createSmsSender(config.smsUrl, log),
    log: log.child({ component: 'notifications' }),
  });
  const geocoder = createGeocoder({ url: config.geocoderUrl, log: log.child({ component: 'geocoder' }) });
  await geocoder.warmUp();
  const tacho = new TachoDriverTracker({ db, live: services.live, log });
  const pickups = new PassengerPickupRecorder({ db, log });
  const ingest = new Ingest({
    db,
    live: services.live,
    onStored: (positions, devices) => {
      tacho.observe(positions, (id) => vehiclePlate(devices.get(id)?.attributes));
      pickups.observe(positions);
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
  });
  const node = randomBytes(6).toString('hex');
  services.operations.attach({ node, ingest });
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
          startMaintenanceNotifier(services, {
            intervalMs: config.jobIntervalMs,
            onError: (err) => log.error({ err }, 'maintenance notifications'),
          }),
          startPrecompactor(db, { onError: (err) => log.error({ err }, 'report precompact') }),
          startSegmentJob(db, { onError: (err) => log.error({ err }, 'segments') }),
          startPartitionMaintainer(db, {
            retentionMonths: config.retentionMonths,
            log: log.child({ component: 'partitions' }),
            onError: (err) => log.error({ err }, 'partitions'),
          }),
          startScheduledReports(services, {
            intervalMs: config.jobIntervalMs,
            onError: (err) => log.error({ err }, 'traccar scheduled reports'),
            onSent: (sent) => {
              for (const s of sent.filter((s) => s.status !== 'sent'))
                log.warn(s, 'traccar scheduled report not sent');
            },
          }),
        ];
  const cameraLog = log.child({ component: 'cameras' });
  const videos =
    opts.listen === false
      ? undefined
      : startVideoConverter({ db, live: services.live, log: cameraLog, holder: node });
  if (bus) services.changes.on((kind) => bus!.publishChange(kind));
  let url = '';
  if (opts.listen !== false) url = await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  let teltonika: TeltonikaListener | undefined;
  let osmand: OsmandListener | undefined;
  let camera: CameraListener | undefined;
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
    services.commands = {
      send: (uniqueId, text, timeoutMs) => teltonika!.sendCommand(uniqueId, text, timeoutMs),
    };
    camera = await startCameraListener({
      port: config.cameraPort,
      host: config.host,
      sink: cameraUploadSink({
        db,
        live: services.live,
        log: cameraLog,
        lookup: (latitude, longitude) => geocoder.lookup(latitude, longitude),
        videoStored: () => videos?.kick(),
      }),
      log: cameraLog,
    });
    services.operations.attach({ teltonika, osmand, camera });
    // port 0 (tests) binds a free port: cameras must be told the real one (camreq)
    config.cameraPort = camera.port;
    log.info(
      { teltonika: teltonika.tcpPort, osmand: osmand.port, camera: camera.port },
      'device listeners ready',
    );
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const job of jobs) await job.stop();
      await videos?.stop();
      // Devices first: no new records; records already received are committed (and acknowledged).
      await Promise.all([teltonika?.close(), osmand?.close(), camera?.close()]);
      await ingest.writer.drain();
      await tacho.idle();
      await pickups.idle();
      await notifier.close();
      await bus?.close();
      services.live.closeAll();
      await app.close(); // stops accepting, waits for in-flight requests (and their writes) to finish
      await services.throttle.close();
      await services.mailBudget.close();
      await services.operations?.close();
      if (!opts.db) await db.close();
    })());
  return {
    app,
    services,
    url,
    ingest,
    notifier,
    geocoder,
    tacho,
    pickups,
    teltonika,
    osmand,
    camera,
    videos,
    stop,
  };
}
