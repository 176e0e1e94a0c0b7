/** Whether a TCP port accepts connections: the real proof that a device listener is still listening. */
import { connect } from 'node:net';

export const LISTENER_PROBE_TIMEOUT_MS = 1000;

/** The address to probe a listener bound to `host` on (the wildcard addresses answer on loopback). */
export function probeHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
}

export function acceptsConnections(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: probeHost(host), port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(LISTENER_PROBE_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
