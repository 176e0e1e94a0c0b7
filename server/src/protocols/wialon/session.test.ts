import { describe, expect, it } from 'vitest';
import { framedHarness } from '../testing/framedHarness';
import { MemorySink, waitFor } from '../testing/memorySink';
import { wialonCodec } from './codec';
import { packet20 } from './simulate';
import { TRACCAR_D_20 } from './vectors.testdata';

const IMEI = '865209031234567';
const OTHER = '356307042441013';
const login = (imei: string) => packet20('L', `2.0;${imei};NA;`);
const data = (time: string, extra = 'NA') =>
  packet20('D', `010326;${time};5544.6025;N;03739.6834;E;36;90;120;8;0.9;1;0;12.5;NA;${extra};`);
const blackBox = (...times: string[]) =>
  packet20('B', times.map((t) => `010326;${t};5544.6025;N;03739.6834;E;36;90;120;8`).join('|') + '|');

const harness = framedHarness(wialonCodec);
const { start } = harness;

async function connect(imei?: string) {
  const device = await harness.device();
  if (imei) {
    await device.write(login(imei));
    expect((await device.read(7)).toString()).toBe('#AL#1\r\n');
  }
  return device;
}

describe('Wialon IPS over TCP', () => {
  it('logs in, stores a D packet and answers #AD#1 after the commit', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const device = await connect(IMEI);
    await device.write(data('120000', 'pwr_ext:2:12.7,ign:1:1'));
    expect((await device.read(7)).toString()).toBe('#AD#1\r\n');
    expect(sink.stored).toHaveLength(1);
    expect(sink.stored[0]).toMatchObject({
      uniqueId: IMEI,
      protocol: 'wialon',
      fixTime: new Date('2026-03-01T12:00:00Z'),
      course: 90,
      altitude: 120,
      valid: true,
      attributes: { sat: 8, hdop: 0.9, in1: true, out1: false, adc1: 12.5, power: 12.7, ignition: true },
    });
    expect(sink.stored[0].latitude).toBeCloseTo(55.743375, 9);
    expect(sink.stored[0].speed).toBeCloseTo(36 / 1.852, 9);
  });

  it('stores all 3 records of a black box and answers #AB#3', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const device = await connect(IMEI);
    await device.write(blackBox('110000', '110100', '110200'));
    expect((await device.read(7)).toString()).toBe('#AB#3\r\n');
    expect(sink.storeCalls).toBe(1);
    expect(sink.stored.map((p) => p.fixTime.toISOString())).toEqual([
      '2026-03-01T11:00:00.000Z',
      '2026-03-01T11:01:00.000Z',
      '2026-03-01T11:02:00.000Z',
    ]);
  });

  it('answers a wrong CRC with the checksum error, stores nothing and keeps the connection', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const device = await connect(IMEI);
    await device.write(Buffer.from(TRACCAR_D_20.replace('E7C9', '0000') + '\r\n'));
    expect((await device.read(8)).toString()).toBe('#AD#16\r\n');
    const sd = packet20('SD', '010326;120000;5544.6025;N;03739.6834;E;36;90;120;8;');
    sd[5] = '2'.charCodeAt(0); // one byte changed after the CRC was computed
    await device.write(sd);
    expect((await device.read(9)).toString()).toBe('#ASD#13\r\n');
    // still open: the next good packet is stored
    await device.write(data('120500'));
    expect((await device.read(7)).toString()).toBe('#AD#1\r\n');
    expect(sink.stored.map((p) => p.fixTime.toISOString())).toEqual(['2026-03-01T12:05:00.000Z']);
  });

  it('answers an invalid time with its code and keeps the connection', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const device = await connect(IMEI);
    await device.write(Buffer.concat([data('250000'), data('120000')]));
    expect((await device.read(14)).toString()).toBe('#AD#0\r\n#AD#1\r\n');
    expect(sink.stored).toHaveLength(1);
  });

  it('refuses an unknown IMEI with #AL#0 and stores nothing', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const device = await connect();
    await device.write(Buffer.concat([login(OTHER), data('120000')]));
    expect((await device.read(7)).toString()).toBe('#AL#0\r\n');
    await device.closed;
    expect(device.all.toString()).toBe('#AL#0\r\n');
    expect(sink.storeCalls).toBe(0);
  });

  it('answers #AL#10 to a login whose CRC fails and closes, storing nothing', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const device = await connect();
    await device.write(Buffer.concat([Buffer.from(`#L#2.0;${IMEI};NA;0000\r\n`), data('120000')]));
    expect((await device.read(8)).toString()).toBe('#AL#10\r\n');
    await device.closed;
    expect(sink.storeCalls).toBe(0);
  });

  it('stores nothing sent before a login and closes', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const device = await connect();
    await device.write(data('120000'));
    await device.closed;
    expect(sink.storeCalls).toBe(0);
  });

  it('closes on garbage and on an oversized line, leaving a connected device unharmed', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const good = await connect(IMEI);
    const garbage = await connect();
    await garbage.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    await garbage.closed;
    const oversized = await connect();
    await oversized.write(Buffer.alloc(40 * 1024, 0x41));
    await oversized.closed;
    await good.write(data('120000'));
    expect((await good.read(7)).toString()).toBe('#AD#1\r\n');
    expect(sink.stored).toHaveLength(1);
    await waitFor(() => harness.listener.stats().connections === 1, 'the bad connections to be gone');
    expect(harness.listener.stats().bufferedBytes).toBe(0);
  });

  it('closes a connection that sends garbage after logging in, without storing it', async () => {
    const sink = new MemorySink([IMEI]);
    await start(sink);
    const device = await connect(IMEI);
    await device.write(Buffer.from([0x00, 0xff, 0x23, 0x0a]));
    await device.closed;
    expect(sink.storeCalls).toBe(0);
  });
});
