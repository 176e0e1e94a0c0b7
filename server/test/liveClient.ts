/** A WebSocket client of /api/socket that keeps every message (tests only). */
import WebSocket from 'ws';

export interface LiveClient {
  messages: Array<{ positions?: any[]; events?: any[]; devices?: any[] }>;
  positions(): any[];
  events(): any[];
  close(): void;
}

export async function openLive(base: string, cookie: string): Promise<LiveClient> {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/api/socket', { headers: { cookie } });
  const messages: LiveClient['messages'] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    messages,
    positions: () => messages.flatMap((m) => m.positions ?? []),
    events: () => messages.flatMap((m) => m.events ?? []),
    close: () => ws.close(),
  };
}
