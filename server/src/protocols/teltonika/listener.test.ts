import { createServer } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { memoryLog, MemorySink } from '../testing/memorySink';
import type { ProtocolLog } from '../types';
import { startTeltonika } from './listener';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('startTeltonika', () => {
  it('listens on one port number for TCP and UDP', async () => {
    const port = await freePort();
    const listener = await startTeltonika({
      port,
      host: '127.0.0.1',
      sink: new MemorySink(),
      log: memoryLog(),
    });
    try {
      expect(listener.tcpPort).toBe(port);
      expect(listener.udpPort).toBe(port);
    } finally {
      await listener.close();
    }
  });

  it('fails to start on a TCP port in use, leaving nothing open', async () => {
    const first = await startTeltonika({
      port: 0,
      host: '127.0.0.1',
      sink: new MemorySink(),
      log: memoryLog(),
    });
    try {
      await expect(
        startTeltonika({ port: first.tcpPort, host: '127.0.0.1', sink: new MemorySink(), log: memoryLog() }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });

  it('accepts a pino logger', async () => {
    const log: ProtocolLog = pino({ enabled: false });
    const listener = await startTeltonika({ port: 0, host: '127.0.0.1', sink: new MemorySink(), log });
    expect(listener.tcpPort).toBeGreaterThan(0);
    await listener.close();
  });
});
