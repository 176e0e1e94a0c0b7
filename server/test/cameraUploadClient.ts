/** A test camera on a real TCP connection to the camera listener (the protocol logic is TestCamera's). */
import { connect, type Socket } from 'node:net';
import { TestCamera, type TestCameraOptions } from '../src/protocols/camera/testCamera';
import { connectionWaiters } from './connectionWaiters';

export interface TcpCamera {
  camera: TestCamera;
  socket: Socket;
  /** resolves when the connection is closed (by either side) */
  closed: Promise<void>;
  /**
   * Resolves once `check` holds: tried now and whenever the listener sends bytes, no timer polling.
   * Rejects with `what` when the connection closes first or after `timeoutMs`.
   */
  until(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
}

export async function connectCamera(port: number, options: TestCameraOptions): Promise<TcpCamera> {
  const socket = connect({ port, host: '127.0.0.1' });
  const camera = new TestCamera(
    options,
    (bytes) => {
      if (!socket.destroyed) socket.write(bytes);
    },
    () => socket.destroy(),
  );
  let isClosed = false;
  const { wake, until } = connectionWaiters(
    () => isClosed,
    (what) => `the camera connection closed before ${what}`,
  );
  socket.on('data', (chunk: Buffer) => {
    camera.receive(chunk);
    wake();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      wake();
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  camera.start();
  return { camera, socket, closed, until };
}

/**
 * Polls until `check` gives a value (or throws after `timeoutMs`). Only for state that announces no
 * change (a listener's in-memory counts): wait on an event (`until`, a live message, a promise) instead
 * wherever one exists.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
