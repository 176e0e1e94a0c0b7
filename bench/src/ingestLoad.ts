/**
 * The load generator of the ingest bench, in a process of its own (devices are not in the server's
 * process): D Teltonika devices each sending Codec 8 frames and waiting for every ack, and one admin
 * WebSocket timing how long a sent position takes to reach the live socket.
 */
import WebSocket from 'ws';
import { TeltonikaDevice } from './teltonikaDevice';
import { FrameTemplate, SEND_TIME_IO } from './frames';

export interface LoadConfig {
  host: string;
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
