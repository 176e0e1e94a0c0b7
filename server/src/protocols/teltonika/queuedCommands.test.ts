import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeDevice } from '../testing/fakeDevice';
import { memoryLog, MemorySink, waitFor } from '../testing/memorySink';
import { CODEC12_COMMAND, decodeCodec12, encodeCodec12Data } from './codec12';
import { startTeltonika, type TeltonikaListener } from './listener';
import { encodeImeiPacket, encodeTcpFrame } from './tcpFrame';
import { DOC_CODEC8, hex } from './vectors.testdata';

const IMEI = '356307042441013';
const CHECK_MS = 300;

let sink: MemorySink;
let listener: TeltonikaListener;

beforeEach(async () => {
  sink = new MemorySink([IMEI]);
  listener = await startTeltonika({
    port: 0,
    host: '127.0.0.1',
    sink,
    log: memoryLog(),
    commandCheckMs: CHECK_MS,
  });
});
afterEach(() => listener.close());

async function connect(): Promise<FakeDevice> {
  const device = await FakeDevice.connect(listener.tcpPort);
  await device.write(encodeImeiPacket(IMEI));
  expect(await device.read(1)).toEqual(Buffer.from([1]));
  return device;
}

async function report(device: FakeDevice): Promise<void> {
  await device.write(hex(DOC_CODEC8));
  expect((await device.read(4)).readUInt32BE(0)).toBe(1);
}

async function readCommand(device: FakeDevice): Promise<string> {
  const header = await device.read(8);
  const rest = await device.read(header.readUInt32BE(4) + 4);
  const message = decodeCodec12(rest.subarray(0, rest.length - 4));
  expect(message.type).toBe(CODEC12_COMMAND);
  return message.text;
}

const answer = (device: FakeDevice, text: string) =>
  device.write(encodeTcpFrame(encodeCodec12Data(0x06, text)));

describe('commands queued for a Teltonika device', () => {
  it('are sent after the first acknowledged report, in order, and marked delivered once answered', async () => {
    sink.commands.push(
      { id: 1, uniqueId: IMEI, text: 'setdigout 1' },
      { id: 2, uniqueId: IMEI, text: 'getinfo' },
    );
    const device = await connect();
    await report(device);
    expect(await readCommand(device)).toBe('setdigout 1');
    // one command at a time: the next waits for the answer. A report's ack is written after anything
    // sent before it, so the second command would be read in its place
    await report(device);
    expect(device.unread).toHaveLength(0);
    await answer(device, 'DOUT1:1');
    expect(await readCommand(device)).toBe('getinfo');
    await answer(device, 'RTC:2024/5/1');
    await sink.until(() => sink.delivered.length === 2, 'both commands delivered');
    expect(sink.delivered).toEqual([1, 2]);
    device.destroy();
  });

  it('are looked up again while the device keeps reporting, but not at every frame', async () => {
    // the session reads the time of its lookups from Date: the test moves it instead of waiting
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const device = await connect();
      await report(device);
      await sink.until(() => sink.commandLookups === 1, 'the first lookup');
      // queued on another node meanwhile
      sink.commands.push({ id: 7, uniqueId: IMEI, text: 'setdigout 0' });
      vi.setSystemTime(Date.now() + CHECK_MS - 1);
      for (let i = 0; i < 5; i++) await report(device);
      expect(sink.commandLookups).toBe(1);
      expect(device.unread).toHaveLength(0);
      vi.setSystemTime(Date.now() + 1);
      await report(device);
      expect(await readCommand(device)).toBe('setdigout 0');
      await answer(device, 'DOUT1:0');
      await sink.until(() => sink.delivered.includes(7), 'the command delivered');
      expect(sink.commandLookups).toBe(2);
      device.destroy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stay queued when the device goes away before answering', async () => {
    sink.commands.push({ id: 3, uniqueId: IMEI, text: 'setdigout 1' });
    const first = await connect();
    await report(first);
    expect(await readCommand(first)).toBe('setdigout 1');
    first.destroy();
    // polled: the listener announces no change of its in-memory state
    await waitFor(() => listener.stats().connections === 0, 'the connection to close');
    expect(sink.delivered).toEqual([]);

    const second = await connect();
    await report(second);
    expect(await readCommand(second)).toBe('setdigout 1');
    await answer(second, 'DOUT1:1');
    await sink.until(() => sink.delivered.length === 1, 'the command delivered');
    second.destroy();
  });
});
