/**
 * The browsers of the load bench, in a process of their own: M logged-in WebSockets on /api/socket, spread
 * over the users' sessions. Each position received is counted and timed from the send time its device put
 * in IO 14 (µs). Driven by messages from load.ts: open, measure, stop, close.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { SEND_TIME_IO } from '../frames';
import { openFileLimit } from './childProcess';
import { Histogram } from './histogram';

export type BrowserCommand =
  | { type: 'open'; socketUrl: string; cookies: string[]; clients: number }
  | { type: 'measure' }
  | { type: 'stop' }
  | { type: 'close' };

export interface BrowserRunResult {
  type: 'stopped';
  /** positions received by user (fleet) index, over all that user's sockets */
  positionsByUser: number[];
  messages: number;
  frame: ReturnType<Histogram['toJSON']>;
  /** sockets that closed or failed while measuring */
  errors: number;
  firstErrors: string[];
  cpuMs: number;
  eventLoopP99Ms: number;
}

const SEND_TIME = new RegExp(`"io${SEND_TIME_IO}":(\\d+)`, 'g');

/**
 * The send times (µs) of the positions in one socket message. A scan rather than JSON.parse: the load
 * processes share two cores with the server, and parsing 50,000 positions a second would take one of them.
 */
export function sendTimes(message: string): number[] {
  const out: number[] = [];
  for (const m of message.matchAll(SEND_TIME)) out.push(Number(m[1]));
  return out;
}

const micros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

let sockets: WebSocket[] = [];
let measuring = false;
/** positions sent before the measure began (the snapshot a socket gets on opening) are not counted */
let measureFrom = 0;
let users = 1;
let positionsByUser: number[] = [];
let messages = 0;
let frame = new Histogram();
let errorCount = 0;
const errors: string[] = [];
const error = (message: string) => {
  errorCount++;
  if (errors.length < 10) errors.push(message);
};

function openOne(url: string, cookie: string, user: number): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers: { cookie } });
  ws.on('message', (data) => {
    if (!measuring) return;
    const now = micros();
    messages++;
    for (const sent of sendTimes(String(data))) {
      if (sent < measureFrom) continue;
      positionsByUser[user]++;
      frame.add((now - sent) / 1000);
    }
  });
  ws.on('close', (code) => {
    if (measuring) error(`socket closed (${code})`);
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function openAll(c: Extract<BrowserCommand, { type: 'open' }>) {
  users = c.cookies.length;
  positionsByUser = new Array<number>(users).fill(0);
  const started = performance.now();
  for (let i = 0; i < c.clients; i += 50) {
    const batch = Array.from({ length: Math.min(50, c.clients - i) }, (_, j) => (i + j) % users);
    const opened = await Promise.allSettled(batch.map((u) => openOne(c.socketUrl, c.cookies[u], u)));
    for (const r of opened) {
      if (r.status === 'fulfilled') sockets.push(r.value);
      else error(`open: ${(r.reason as Error).message}`);
    }
  }
  return { type: 'opened', sockets: sockets.length, ms: Math.round(performance.now() - started) };
}

const loop = monitorEventLoopDelay({ resolution: 10 });
let cpuStart = process.cpuUsage();

process.on('message', (c: BrowserCommand) => {
  const answer = async () => {
    if (c.type === 'open') return openAll(c);
    if (c.type === 'measure') {
      positionsByUser.fill(0);
      messages = 0;
      frame = new Histogram();
      measureFrom = micros();
      measuring = true;
      loop.enable();
      cpuStart = process.cpuUsage();
      return { type: 'measuring' };
    }
    if (c.type === 'stop') {
      measuring = false;
      loop.disable();
      const cpu = process.cpuUsage(cpuStart);
      const result: BrowserRunResult = {
        type: 'stopped',
        positionsByUser,
        messages,
        frame: frame.toJSON(),
        errors: errorCount,
        firstErrors: errors,
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        eventLoopP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
      };
      return result;
    }
    for (const ws of sockets) ws.terminate();
    sockets = [];
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
