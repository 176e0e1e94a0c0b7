/**
 * The load generator of the ingest bench, in a process of its own (devices are not in the server's
 * process): D Teltonika devices each sending Codec 8 frames and waiting for every ack, and one admin
 * WebSocket timing how long a sent position takes to reach the live socket.
 */
import WebSocket from 'ws';
import type { FramedProtocol } from '../../server/src/config';
import { SIMULATED_DEVICES } from '../../server/src/protocols';
import { FramedClient } from '../../tools/src/simulator/framedClient';
import type { Sample } from '../../tools/src/simulator/vehicle';
import { TeltonikaDevice } from './teltonikaDevice';
import { FrameTemplate, SEND_TIME_IO } from './frames';

export interface LoadConfig {
  host: string;
  /** teltonika: Codec 8 frames of `recordsPerFrame` records; a framed protocol: that many frames per round */
  protocol: 'teltonika' | FramedProtocol;
  tcpPort: number;
  socketUrl: string;
  cookie: string;
  uniqueIds: string[];
  seconds: number;
  recordsPerFrame: number;
  /** fixTime of each device's first record */
  firstFixTime: number;
}

export interface LoadResult {
  records: number;
  frames: number;
  elapsedMs: number;
  ackLatencyMs: number[];
  socketLatencyMs: number[];
  errors: string[];
  cpuMs: number;
}

const micros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

/** `onStart` is called when every device is connected and the timed run begins. */
export type LoadMessage = { type: 'started' } | ({ type: 'result' } & LoadResult);

export async function runLoad(
  config: LoadConfig,
  onStart: () => void = () => undefined,
): Promise<LoadResult> {
  const ackLatencyMs: number[] = [];
  const socketLatencyMs: number[] = [];
  const errors: string[] = [];
  let measuring = true;

  const ws = new WebSocket(config.socketUrl, { headers: { cookie: config.cookie } });
  ws.on('message', (data) => {
    if (!measuring) return;
    const now = micros();
    const message = JSON.parse(String(data)) as {
      positions?: Array<{ attributes: Record<string, unknown> }>;
    };
    for (const p of message.positions ?? []) {
      const sent = p.attributes[`io${SEND_TIME_IO}`];
      if (typeof sent === 'number' && sent > 0) socketLatencyMs.push((now - sent) / 1000);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  if (config.protocol !== 'teltonika') return runFramedLoad(config, config.protocol, ws, onStart);
  const devices = config.uniqueIds.map((id) => new TeltonikaDevice(id));
  for (let i = 0; i < devices.length; i += 50) {
    await Promise.all(devices.slice(i, i + 50).map((d) => d.open(config.host, config.tcpPort)));
  }

  let records = 0;
  let frames = 0;
  onStart();
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const stopAt = started + config.seconds * 1000;
  await Promise.all(
    devices.map(async (device, index) => {
      // each device drives its own track across Luanda
      const template = new FrameTemplate(config.recordsPerFrame, {
        latitude: -8.84 - (index % 20) * 0.006,
        longitude: 13.2 + Math.floor(index / 20) * 0.012,
      });
      let sent = 0;
      try {
        while (performance.now() < stopAt) {
          const t = performance.now();
          device.write(template.fill(sent, config.firstFixTime + sent * 1000, micros()));
          const ack = (await device.read(4)).readUInt32BE(0);
          ackLatencyMs.push(performance.now() - t);
          if (ack !== config.recordsPerFrame) throw new Error(`${device.uniqueId}: ack ${ack}`);
          sent += config.recordsPerFrame;
          records += config.recordsPerFrame;
          frames++;
        }
      } catch (error) {
        errors.push((error as Error).message);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  // the hub flushes every 50 ms: let the last positions arrive
  await new Promise((resolve) => setTimeout(resolve, 500));
  measuring = false;
  for (const d of devices) d.close();
  ws.close();
  return {
    records,
    frames,
    elapsedMs,
    ackLatencyMs,
    socketLatencyMs,
    errors,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** A fix of device `index` along its own track, one second after the previous one. */
function sampleAt(config: LoadConfig, index: number, n: number): Sample {
  return {
    time: config.firstFixTime + n * 1000,
    latitude: -8.84 - (index % 20) * 0.006 - n * 0.00001,
    longitude: 13.2 + Math.floor(index / 20) * 0.012 + n * 0.00001,
    altitude: 40,
    course: 135,
    speedKmh: 40,
    satellites: 10,
    ignition: true,
    motion: true,
    idling: false,
    odometer: 10_000_000 + n * 11,
    fuel: 50,
    powerMv: 12_600,
    batteryMv: 4_100,
    rssi: 4,
    driver: null,
    event: null,
  };
}

/**
 * Devices of a framed protocol, each sending rounds of `recordsPerFrame` position frames (each waiting for
 * its answer where the protocol answers positions, else followed by a heartbeat whose answer proves the
 * commit), as the simulator's tracker of that protocol does.
 */
async function runFramedLoad(
  config: LoadConfig,
  protocol: FramedProtocol,
  ws: WebSocket,
  onStart: () => void,
): Promise<LoadResult> {
  const ackLatencyMs: number[] = [];
  const errors: string[] = [];
  const clients = config.uniqueIds.map(
    (uniqueId) =>
      new FramedClient({
        host: config.host,
        port: config.tcpPort,
        uniqueId,
        device: SIMULATED_DEVICES[protocol],
      }),
  );
  // connect and log in with a first fix, outside the timed run
  for (let i = 0; i < clients.length; i += 50)
    await Promise.all(clients.slice(i, i + 50).map((c, j) => c.send([sampleAt(config, i + j, 0)])));
  let records = 0;
  let frames = 0;
  onStart();
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const stopAt = started + config.seconds * 1000;
  await Promise.all(
    clients.map(async (client, index) => {
      let sent = 1;
      try {
        while (performance.now() < stopAt) {
          const round = Array.from({ length: config.recordsPerFrame }, (_, k) =>
            sampleAt(config, index, sent + k),
          );
          const t = performance.now();
          await client.send(round);
          ackLatencyMs.push(performance.now() - t);
          sent += round.length;
          records += round.length;
          frames++;
        }
      } catch (error) {
        errors.push((error as Error).message);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  for (const c of clients) c.close();
  ws.close();
  return {
    records,
    frames,
    elapsedMs,
    ackLatencyMs,
    socketLatencyMs: [],
    errors,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

if (process.send) {
  process.once('message', (config: LoadConfig) => {
    const send = (message: LoadMessage, then: () => void = () => undefined) => process.send!(message, then);
    runLoad(config, () => send({ type: 'started' })).then(
      (result) => send({ type: 'result', ...result }, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
