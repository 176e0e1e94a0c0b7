/**
 * `npm run simulate -- --devices N --protocol teltonika|osmand [--host H] [--port P] [--speedup K] [--ids ...]
 * [--wait]`: a fleet of vehicles driving day cycles around Luanda, reporting through the server's real
 * device ports. See simulator/options.ts for every option.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseOptions, USAGE, type SimulatorOptions } from './simulator/options';
import { startSimulator } from './simulator/run';

async function waitForServer(url: string, signal: AbortSignal): Promise<void> {
  let told = false;
  while (!signal.aborted) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (!told) console.log(`[simulator] waiting for the server at ${url}`);
    told = true;
    await sleep(1000, undefined, { signal }).catch(() => undefined);
  }
}

let options: SimulatorOptions;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (error) {
  const message = (error as Error).message;
  console.error(message === USAGE ? message : `${message}\n\n${USAGE}`);
  process.exit(message === USAGE ? 0 : 2);
}

const shutdown = new AbortController();
let stop: (() => Promise<void>) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    shutdown.abort();
    void (stop?.() ?? Promise.resolve()).then(() => {
      console.log('[simulator] stopped');
      process.exit(0);
    });
  });
}

if (options.wait) await waitForServer(options.apiUrl, shutdown.signal);
if (!shutdown.signal.aborted) {
  const simulator = startSimulator(options, { log: (line) => console.log(line) });
  stop = simulator.stop;
  console.log(
    `[simulator] ${options.devices} ${options.protocol} vehicles -> ${options.host}:${options.port}` +
      (options.speedup > 1 ? `, x${options.speedup} from ${options.historyHours} h ago` : ''),
  );
  const cameras = simulator.stats().cameras;
  if (cameras)
    console.log(
      `[simulator] ${cameras} vehicles with a DualCam answering camreq` +
        (options.cameraEveryMinutes
          ? `, uploading their own photos to ${options.cameraHost}:${options.cameraPort} about every ` +
            `${options.cameraEveryMinutes} min`
          : ''),
    );
}
