/**
 * The devices of the load bench, in a process of their own: N Teltonika connections (IMEI handshake), then
 * one Codec 8 record each `intervalMs` per device, the devices' first records spread evenly over the first
 * interval, each waiting for its ack before the next. The record carries its send time (IO 14, µs) so the
 * browsers can time it. Driven by messages from load.ts: connect, run, close.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { TeltonikaDevice } from '../teltonikaDevice';
import { FrameTemplate } from '../frames';
import { openFileLimit } from './childProcess';
import { userOf } from './fleetSeed';
import { Histogram } from './histogram';

export type DeviceCommand =
  | { type: 'connect'; host: string; port: number; uniqueIds: string[]; users: number }
  | { type: 'run'; seconds: number; intervalMs: number }
  | { type: 'close' };

export interface DeviceRunResult {
  type: 'ran';
  records: number;
  /** acked records by user (fleet) index */
  recordsByUser: number[];
  ack: ReturnType<Histogram['toJSON']>;
  errors: number;
  firstErrors: string[];
  cpuMs: number;
  eventLoopP99Ms: number;
  elapsedMs: number;
}

const micros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Device extends TeltonikaDevice {
  constructor(
    uniqueId: string,
    readonly user: number,
    readonly template: FrameTemplate,
  ) {
    super(uniqueId);
  }
}

let devices: Device[] = [];
const errors: string[] = [];
let errorCount = 0;
const error = (message: string) => {
  errorCount++;
  if (errors.length < 10) errors.push(message);
};

async function connectAll(c: Extract<DeviceCommand, { type: 'connect' }>) {
  devices = c.uniqueIds.map(
    (id, i) =>
      new Device(
        id,
        userOf(i, c.uniqueIds.length, c.users),
        // each device drives its own line across Luanda
        new FrameTemplate(1, {
          latitude: -8.84 - (i % 50) * 0.004,
          longitude: 13.2 + Math.floor(i / 50) * 0.004,
        }),
      ),
  );
  const started = performance.now();
  for (let i = 0; i < devices.length; i += 100) {
    const opened = await Promise.allSettled(devices.slice(i, i + 100).map((d) => d.open(c.host, c.port)));
    for (const r of opened) if (r.status === 'rejected') error(`connect: ${(r.reason as Error).message}`);
  }
  return { type: 'connected', ms: Math.round(performance.now() - started), errors: errorCount };
}

async function run(seconds: number, intervalMs: number, users: number): Promise<DeviceRunResult> {
  const ack = new Histogram();
  const recordsByUser = new Array<number>(users).fill(0);
  let records = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    devices.map(async (device, index) => {
      if (device.failure) return;
      let n = 0;
      // staggered: device i's records fall at i/N of each interval
      let due = started + (index / devices.length) * intervalMs;
      try {
        for (;;) {
          if (due >= stopAt) return;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          const t = performance.now();
          device.write(device.template.fill(n, Date.now(), micros()));
          const count = (await device.read(4)).readUInt32BE(0);
          ack.add(performance.now() - t);
          if (count !== 1) throw new Error(`ack ${count}`);
          n++;
          records++;
          recordsByUser[device.user]++;
          // a late ack delays the next record, never doubles it up
          due = Math.max(due + intervalMs, performance.now());
        }
      } catch (e) {
        error(`${device.uniqueId}: ${(e as Error).message}`);
      }
    }),
  );
  const cpu = process.cpuUsage(cpuStart);
  loop.disable();
  return {
    type: 'ran',
    records,
    recordsByUser,
    ack: ack.toJSON(),
    errors: errorCount,
    firstErrors: errors,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    eventLoopP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
    elapsedMs: Math.round(performance.now() - started),
  };
}

let users = 1;
process.on('message', (c: DeviceCommand) => {
  const answer = async () => {
    if (c.type === 'connect') {
      users = c.users;
      return connectAll(c);
    }
    if (c.type === 'run') return run(c.seconds, c.intervalMs, users);
    for (const d of devices) d.close();
    return { type: 'closed' };
  };
  answer().then(
    (m) => process.send!(m),
    (e: Error) => {
      console.error(e);
      process.exit(1);
    },
  );
});
process.send!({ type: 'ready', fdLimit: openFileLimit('self') });
