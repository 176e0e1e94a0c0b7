/** Runs a fleet of simulated vehicles against a server until stopped; prints a status line now and then. */
import { setMaxListeners } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FleetCameras } from './camera/fleetCameras';
import { CAMERA_STATE_IO, type SimulatedCamera } from './camera/simulatedCamera';
import { SimClock } from './clock';
import { SIMULATED_DEVICES } from '../../../server/src/protocols';
import { FramedClient } from './framedClient';
import { TraccarForwardClient } from './traccarForwardClient';
import type { Protocol, SimulatorOptions } from './options';
import { OsmandClient } from './osmandClient';
import { createProfile, type VehicleProfile } from './profile';
import { createRandom } from './random';
import { TeltonikaClient } from './teltonikaClient';
import type { Transport } from './transport';
import { VehicleRunner, type RunnerCounters } from './vehicleRunner';
import type { Phase } from './vehicle';

export interface SimulatorStats extends RunnerCounters {
  vehicles: number;
  /** vehicles with a camera, and the camera files the server took */
  cameras: number;
  cameraFiles: number;
  connected: number;
  rejected: number;
  phases: Record<Phase, number>;
  simTime: number;
  live: boolean;
}

export interface RunningSimulator {
  stats(): SimulatorStats;
  /** one line for the log */
  status(): string;
  stop(): Promise<void>;
}

export type SimulatorConfig = Pick<
  SimulatorOptions,
  | 'devices'
  | 'protocol'
  | 'host'
  | 'port'
  | 'ids'
  | 'speedup'
  | 'historyHours'
  | 'maxBatch'
  | 'seed'
  | 'warmFrom'
  | 'allDayFrom'
> & { statusSeconds?: number; allDay?: boolean } & Partial<
    Pick<
      SimulatorOptions,
      'cameras' | 'cameraHost' | 'cameraPort' | 'cameraEveryMinutes' | 'cacheDir' | 'extra' | 'forwardToken'
    >
  >;

export interface SimulatorDeps {
  log?: (line: string) => void;
}

const STOP_GRACE_MS = 3_000;

function transportFor(
  host: string,
  protocol: Protocol,
  port: number,
  uniqueId: string,
  camera?: SimulatedCamera,
  forwardToken?: string,
): Transport {
  if (protocol === 'traccar') {
    if (!forwardToken) throw new Error('a traccar vehicle needs FROTA_FORWARD_TOKEN');
    return new TraccarForwardClient({ host, port, uniqueId, token: forwardToken });
  }
  if (protocol === 'teltonika')
    return new TeltonikaClient({
      ...{ host, port, imei: uniqueId },
      ...(camera && { onCommand: (text: string) => camera.command(text), io: CAMERA_STATE_IO }),
    });
  if (protocol === 'osmand') return new OsmandClient({ host, port, uniqueId });
  return new FramedClient({ host, port, uniqueId, device: SIMULATED_DEVICES[protocol] });
}

/** The random source of one simulated vehicle (the demo seed reads its starting tank from it). */
export const vehicleRandom = (profile: VehicleProfile, seed: number) =>
  createRandom(profile.seed ^ Math.imul(seed, 0x9e3779b1));

const reason = (error: unknown) =>
  error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);

export function startSimulator(config: SimulatorConfig, deps: SimulatorDeps = {}): RunningSimulator {
  const log = deps.log ?? (() => undefined);
  const clock = new SimClock({
    speedup: config.speedup,
    historyMs: config.historyHours * 3_600_000,
  });
  const counters: RunnerCounters = { records: 0, frames: 0, errors: 0, reconnects: 0 };
  const reported = new Set<string>();
  // cameras hang on a Teltonika tracker (its Codec 12 session carries camreq)
  const cameras = new FleetCameras(
    {
      fleet: config.protocol === 'teltonika' ? (config.cameras ?? 'none') : 'none',
      host: config.cameraHost ?? config.host,
      port: config.cameraPort ?? 5028,
      everyMinutes: config.cameraEveryMinutes ?? 0,
      cacheDir: config.cacheDir ?? join('data', 'cache'),
    },
    createRandom(Math.imul(config.seed, 0x2545f491) ^ 0xca3e),
    log,
  );
  const runner = (index: number, uniqueId: string, protocol: Protocol, port: number): VehicleRunner => {
    const profile = createProfile(index, uniqueId, config.allDayFrom ?? config.allDay);
    const camera =
      protocol === 'teltonika'
        ? cameras.attach(index, uniqueId, () =>
            runners[index]
              ? {
                  state: runners[index].state,
                  online: () => runners[index].transport.connected && !runners[index].rejected,
                  now: () => clock.now(),
                }
              : undefined,
          )
        : undefined;
    return new VehicleRunner({
      profile,
      clock,
      transport: transportFor(config.host, protocol, port, uniqueId, camera, config.forwardToken),
      rnd: vehicleRandom(profile, config.seed),
      warmFrom: config.warmFrom,
      // a phone app sends one request per fix
      maxBatch: protocol === 'osmand' ? 1 : config.maxBatch,
      counters,
      // one line per vehicle and kind of failure, not one per retry
      onError: (id, error) => {
        const key = `${id}:${reason(error)}`;
        if (reported.has(key)) return;
        reported.add(key);
        log(`[simulator] ${id}: ${reason(error)} (retrying with back-off)`);
      },
    });
  };
  const fleet = config.ids.slice(0, config.devices);
  // a vehicle behind a Traccar server needs the receiver's token; without it, it is left out (and said so)
  const extra = (config.extra ?? []).filter((v) => v.protocol !== 'traccar' || config.forwardToken);
  if (extra.length < (config.extra ?? []).length)
    log('[simulator] the Traccar-forwarded vehicle is left out: FROTA_FORWARD_TOKEN is not set');
  const runners: VehicleRunner[] = [
    ...fleet.map((uniqueId, index) => runner(index, uniqueId, config.protocol, config.port)),
    ...extra.map((v, k) => runner(fleet.length + k, v.uniqueId, v.protocol, v.port)),
  ];

  const controller = new AbortController();
  // every vehicle waits on this signal
  setMaxListeners(0, controller.signal);
  const done = Promise.all(runners.map((r) => r.run(controller.signal)));
  cameras.start();

  const stats = (): SimulatorStats => {
    const phases: Record<Phase, number> = { off: 0, parked: 0, idle: 0, drive: 0 };
    for (const r of runners) phases[r.state.phase]++;
    return {
      ...counters,
      vehicles: runners.length,
      cameras: cameras.count,
      cameraFiles: cameras.files,
      connected: runners.filter((r) => r.transport.connected).length,
      rejected: runners.filter((r) => r.rejected).length,
      phases,
      simTime: clock.now(),
      live: clock.live(),
    };
  };

  let lastRecords = 0;
  let lastAt = Date.now();
  const status = () => {
    const s = stats();
    const at = Date.now();
    const rate = ((s.records - lastRecords) * 1000) / Math.max(1, at - lastAt);
    lastRecords = s.records;
    lastAt = at;
    const time = new Date(s.simTime).toISOString().slice(0, 19) + 'Z';
    const pace = s.live ? 'live' : `x${config.speedup} catching up`;
    return (
      `[simulator] ${time} (${pace}) ${config.protocol} ${s.vehicles} vehicles: ${s.phases.drive} driving, ` +
      `${s.phases.idle} idle, ${s.phases.parked} parked, ${s.phases.off} off shift | connected ${s.connected}` +
      ` | records ${s.records} (${rate.toFixed(1)}/s) | errors ${s.errors} reconnects ${s.reconnects}` +
      ` rejected ${s.rejected}` +
      (s.cameras ? ` | cameras ${s.cameras}: ${s.cameraFiles} files uploaded` : '')
    );
  };
  const timer = setInterval(() => log(status()), (config.statusSeconds ?? 30) * 1000);
  timer.unref();

  let stopping: Promise<void> | undefined;
  return {
    stats,
    status,
    stop: () =>
      (stopping ??= (async () => {
        clearInterval(timer);
        // let frames in flight get their ack (so nothing is stored unacknowledged), then hang up
        controller.abort();
        await Promise.race([done, sleep(STOP_GRACE_MS, undefined, { ref: false })]);
        for (const r of runners) r.transport.close();
        await done;
        await cameras.stop(STOP_GRACE_MS);
      })()),
  };
}
