import type { Server } from 'node:net';
import type { DeviceSession } from './deviceSession';

/** How long a command sent to a connected device waits for its answer. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

/** What a TCP listener holds in memory; every figure returns to 0 when the devices are gone. */
export interface TcpListenerStats {
  /** open connections */
  connections: number;
  /** identified devices reachable for commands */
  devices: number;
  /** bytes held for frames not yet complete, over all connections */
  bufferedBytes: number;
}

/** Running totals since the listener started. */
export interface TcpListenerCounters {
  /** connections refused because another live connection already held their device id */
  conflicts: number;
}

/**
 * The open connections of a TCP listener and the device each holds. The first connection keeps a device
 * while it is alive (issue 33): device ids are no secret, so a second connection presenting one must not take
 * over a connected vehicle (its records, its immobiliser). It is refused, and counted; the holder lets go
 * when its socket closes or ends, or falls silent for the idle timeout, and a device that reconnects is
 * accepted from then on.
 */
export class DeviceConnections<S extends DeviceSession<S>> {
  private readonly sessions = new Set<S>();
  private readonly byDevice = new Map<string, S>();
  private conflicts = 0;

  constructor(private readonly onConflict?: (session: S, holder: S) => void) {}

  add(session: S): void {
    this.sessions.add(session);
  }

  /** The session named a device: true when it may hold it, false when another live connection does. */
  claim(session: S): boolean {
    const uniqueId = session.uniqueId as string;
    const holder = this.byDevice.get(uniqueId);
    if (holder && holder !== session && holder.alive) {
      this.conflicts++;
      this.onConflict?.(session, holder);
      return false;
    }
    this.byDevice.set(uniqueId, session);
    return true;
  }

  closed(session: S): void {
    this.sessions.delete(session);
    if (session.uniqueId && this.byDevice.get(session.uniqueId) === session)
      this.byDevice.delete(session.uniqueId);
  }

  /** The connection holding the device, if any. */
  holder(uniqueId: string): S | undefined {
    return this.byDevice.get(uniqueId);
  }

  stats(): TcpListenerStats {
    let bufferedBytes = 0;
    for (const session of this.sessions) bufferedBytes += session.buffered;
    return { connections: this.sessions.size, devices: this.byDevice.size, bufferedBytes };
  }

  counters(): TcpListenerCounters {
    return { conflicts: this.conflicts };
  }

  /** Sends a command on the connection holding the device; fails when none does. */
  sendCommand(uniqueId: string, text: string, timeoutMs = DEFAULT_COMMAND_TIMEOUT_MS): Promise<string> {
    const session = this.byDevice.get(uniqueId);
    if (!session) return Promise.reject(new Error(`device ${uniqueId} is not connected`));
    return session.sendCommand(text, timeoutMs);
  }

  /** Stops the listener and closes every connection; resolves once the listener has closed. */
  close(server: Server): Promise<void> {
    return new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const session of this.sessions) session.destroy();
    });
  }
}
