/** Entry point: config -> database + migrations -> HTTP -> (device listeners, jobs) ; SIGTERM stops cleanly. */
import { loadConfig } from './config';
import { startServer } from './server';

const config = loadConfig();
const server = await startServer(config);
console.log(`Frota ${config.version} listening on ${server.url} (database: ${config.database.kind})`);

let exiting = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    server.stop().then(
      () => process.exit(0),
      (err) => {
        console.error('shutdown failed', err);
        process.exit(1);
      },
    );
  });
}
