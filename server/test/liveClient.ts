/** A WebSocket client of /api/socket that keeps every message (tests only). */
import WebSocket from 'ws';
import type { LiveChange } from '@frota/core';
import { connectionWaiters } from './connectionWaiters';

/** The `changed` items of one kind in the messages a socket heard (modules announce their rows so). */
export const changesOf = (messages: readonly object[], kind: string): LiveChange[] =>
  messages.flatMap((m) => (m as { changed?: LiveChange[] }).changed ?? []).filter((c) => c.kind === kind);

export interface LiveClient {
  messages: Array<{ positions?: any[]; events?: any[]; devices?: any[]; changed?: LiveChange[] }>;
  positions(): any[];
  events(): any[];
  /**
   * Resolves once `check` holds: tried now and again on every message, no timer polling. Rejects with
   * `what` when the socket closes first or after `timeoutMs`.
   */
  until(check: () => boolean, what?: string, timeoutMs?: number): Promise<void>;
  /**
   * Resolves when the server answers a ping: every message the server sent before it is then in
   * `messages` (one ordered connection). Proves a message did NOT come once the server has flushed it to
   * the other sockets (LiveHub flushes every socket with something pending at once).
   */
  roundTrip(): Promise<void>;
  close(): void;
}

export async function openLive(base: string, cookie: string): Promise<LiveClient> {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/api/socket', { headers: { cookie } });
  const messages: LiveClient['messages'] = [];
  const { wake, until: waitFor } = connectionWaiters(
    () => ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING,
    (what) => `live socket closed while waiting for ${what}`,
  );
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    wake();
  });
  ws.on('close', wake);
  // the first message (the devices and positions snapshot) is sent once the socket is registered with
  // the live hub: from then on it receives every publication
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`live socket closed (${code}) before its first message`)));
  });
  const until: LiveClient['until'] = (check, what = 'a live message', timeoutMs) =>
    waitFor(check, what, timeoutMs);
  return {
    messages,
    positions: () => messages.flatMap((m) => m.positions ?? []),
    events: () => messages.flatMap((m) => m.events ?? []),
    until,
    roundTrip: () =>
      new Promise<void>((resolve, reject) => {
        ws.once('pong', () => resolve());
        ws.ping((error?: Error) => error && reject(error));
      }),
    close: () => ws.close(),
  };
}
