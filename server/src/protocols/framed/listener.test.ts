import { describe, expect, it } from 'vitest';
import { framedHarness } from '../testing/framedHarness';
import { deferred, MemorySink, waitFor } from '../testing/memorySink';
import { ProtocolDecodeError, type DecodedMessage, type ProtocolCodec } from './codec';
import { DelimitedFramer } from './delimitedFramer';

/**
 * A line protocol standing in for a real one: `L,<id>` logs in (OK / NO), `P,<lat>,<lon>` reports a
 * position (A), `R,<text>` answers a command sent as `C:<text>`; anything else is not the protocol.
 */
const lineCodec: ProtocolCodec<{ lines: number }> = {
  name: 'gps103',
  newFramer: () => new DelimitedFramer({ end: Buffer.from('\n'), maxBytes: 64 }),
  newState: () => ({ lines: 0 }),
  decode(frame, state): DecodedMessage {
    state.lines++;
    const [kind, a, b] = frame.toString('latin1').trim().split(',');
    if (kind === 'L')
      return { uniqueId: a, positions: [], ack: Buffer.from('OK\n'), refuse: Buffer.from('NO\n') };
    if (kind === 'R') return { positions: [], commandAnswer: a };
    if (kind !== 'P') throw new ProtocolDecodeError(`line ${kind}`);
    const time = new Date(Date.UTC(2026, 10, 29, 8, 0, state.lines));
    return {
      positions: [
        {
          fixTime: time,
          deviceTime: time,
          latitude: Number(a),
          longitude: Number(b),
          altitude: 0,
          speed: 0,
          course: 0,
          valid: true,
          attributes: {},
        },
      ],
      ack: Buffer.from('A\n'),
    };
  },
  encodeCommand: (text) => Buffer.from(`C:${text}\n`),
};

const line = (text: string) => Buffer.from(`${text}\n`);
const harness = framedHarness(lineCodec);
const start = (sink: MemorySink, idleTimeoutMs?: number) => harness.start(sink, { idleTimeoutMs });
const device = (port: number) => harness.device(port);

describe('framed TCP listener', () => {
  it('stores a known device positions under its id and protocol, acking after the commit', async () => {
    const sink = new MemorySink(['111']);
    const held = deferred();
    sink.beforeCommit = () => held.promise;
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(line('L,111'));
    expect((await d.read(3)).toString()).toBe('OK\n');
    await d.write(line('P,-8.8,13.2'));
    await sink.until(() => sink.storeCalls === 1, 'the store');
    // the store is held open: no ack yet
    expect(d.all.length).toBe(3);
    held.resolve();
    expect((await d.read(2)).toString()).toBe('A\n');
    expect(sink.stored).toMatchObject([
      { uniqueId: '111', protocol: 'gps103', latitude: -8.8, longitude: 13.2 },
    ]);
  });

  it('commits the frames that arrive together in one store, then acks each of them in order', async () => {
    const sink = new MemorySink(['111']);
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(line('L,111'));
    await d.read(3);
    const held = deferred();
    sink.beforeCommit = () => held.promise;
    await d.write(Buffer.concat([line('P,1,1'), line('P,2,2'), line('P,3,3')]));
    await sink.until(() => sink.storeCalls === 1, 'the store');
    expect(d.unread.length).toBe(0);
    held.resolve();
    expect((await d.read(6)).toString()).toBe('A\nA\nA\n');
    expect(sink.storeCalls).toBe(1);
    expect(sink.stored.map((p) => p.latitude)).toEqual([1, 2, 3]);
  });

  it('refuses an unknown id as the protocol answers and stores nothing', async () => {
    const sink = new MemorySink(['111']);
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(Buffer.concat([line('L,999'), line('P,1,2')]));
    expect((await d.read(3)).toString()).toBe('NO\n');
    await d.closed;
    expect(sink.stored).toEqual([]);
  });

  it('stores nothing sent before a login and closes the connection', async () => {
    const sink = new MemorySink(['111']);
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(line('P,1,2'));
    await d.closed;
    expect(sink.storeCalls).toBe(0);
  });

  it('closes the connection unacknowledged when the commit fails, so the device sends again', async () => {
    const sink = new MemorySink(['111']);
    sink.beforeCommit = () => Promise.reject(new Error('disk full'));
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(Buffer.concat([line('L,111'), line('P,1,2')]));
    expect((await d.read(3)).toString()).toBe('OK\n');
    await d.closed;
    expect(d.all.toString()).toBe('OK\n');
  });

  it('closes on garbage and on an oversized frame, leaving other devices connected', async () => {
    const sink = new MemorySink(['111', '222']);
    const { port } = await start(sink);
    const good = await device(port);
    await good.write(line('L,111'));
    await good.read(3);
    const garbage = await device(port);
    await garbage.write(line('hello'));
    await garbage.closed;
    const oversized = await device(port);
    await oversized.write(Buffer.alloc(100, 0x41));
    await oversized.closed;
    await good.write(line('P,3,4'));
    expect((await good.read(2)).toString()).toBe('A\n');
    await waitFor(() => harness.listener.stats().connections === 1, 'the bad connections to be gone');
    expect(harness.listener.stats().bufferedBytes).toBe(0);
  });

  it('keeps a device with its first live connection and refuses a second one', async () => {
    const sink = new MemorySink(['111']);
    const { port } = await start(sink);
    const first = await device(port);
    await first.write(line('L,111'));
    await first.read(3);
    const second = await device(port);
    await second.write(line('L,111'));
    expect((await second.read(3)).toString()).toBe('NO\n');
    await second.closed;
    expect(harness.listener.counters().conflicts).toBe(1);
    expect(harness.listener.connected('111')).toBe(true);
  });

  it('refuses a second id on a connection that already identified', async () => {
    const sink = new MemorySink(['111', '222']);
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(Buffer.concat([line('L,111'), line('L,222'), line('P,1,2')]));
    expect((await d.read(6)).toString()).toBe('OK\nNO\n');
    await d.closed;
    expect(sink.stored).toEqual([]);
  });

  it('drops a connection silent for the idle timeout', async () => {
    const sink = new MemorySink(['111']);
    const { port } = await start(sink, 50);
    const d = await device(port);
    await d.write(line('L,111'));
    await d.read(3);
    await d.closed;
    await waitFor(() => harness.listener.stats().devices === 0, 'the device to be released');
  });

  it('sends a command and resolves with the device answer; queued commands go after the first ack', async () => {
    const sink = new MemorySink(['111']);
    sink.commands.push({ id: 7, uniqueId: '111', text: 'queued' });
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(Buffer.concat([line('L,111'), line('P,1,2')]));
    expect((await d.read(5)).toString()).toBe('OK\nA\n');
    expect((await d.read(9)).toString()).toBe('C:queued\n');
    await d.write(line('R,done'));
    await sink.until(() => sink.delivered.includes(7), 'the queued command delivered');
    const answer = harness.listener.sendCommand('111', 'engineStop');
    expect((await d.read(13)).toString()).toBe('C:engineStop\n');
    await d.write(line('R,stopped'));
    await expect(answer).resolves.toBe('stopped');
  });
});
