import { describe, expect, it } from 'vitest';
import { framedHarness } from '../testing/framedHarness';
import { MemorySink } from '../testing/memorySink';
import { gt06Codec } from './codec';
import * as v from './vectors.testdata';

const IMEI = '864717003283581';
const LOGIN_ACK = '787805010009' + '5594' + '0d0a';

const harness = framedHarness(gt06Codec);
const { start } = harness;
const device = (port?: number) => harness.device(port);

/** A device that logged in and read its ack. */
async function loggedIn(sink: MemorySink) {
  const { port } = await start(sink);
  const d = await device(port);
  await d.write(v.hex(v.LOGIN));
  expect((await d.read(10)).toString('hex')).toBe(LOGIN_ACK);
  return d;
}

describe('GT06 over TCP', () => {
  it('acks the login, stores the GPS frame under the IMEI and acks it after the commit', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await loggedIn(sink);
    await d.write(v.hex(v.GPS_LBS_1_MOVING));
    expect((await d.read(10)).toString('hex')).toBe('787805120142' + 'da6a' + '0d0a');
    expect(sink.stored).toHaveLength(1);
    const [position] = sink.stored;
    expect(position).toMatchObject({ uniqueId: IMEI, protocol: 'gt06', course: 200, valid: true });
    expect(position.fixTime.toISOString()).toBe('2017-08-25T17:02:22.000Z');
    expect(position.latitude).toBeCloseTo(49434676 / 1_800_000, 9);
    expect(position.longitude).toBeCloseTo(136876608 / 1_800_000, 9);
    expect(position.speed).toBeCloseTo(85 / 1.852, 9);
  });

  it('answers nothing to an unknown IMEI, stores nothing and closes', async () => {
    const sink = new MemorySink(['111111111111111']);
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(Buffer.concat([v.hex(v.LOGIN), v.hex(v.GPS_LBS_1)]));
    await d.closed;
    expect(d.all.length).toBe(0);
    expect(sink.storeCalls).toBe(0);
  });

  it('closes on garbage', async () => {
    const sink = new MemorySink([IMEI]);
    const { port } = await start(sink);
    const d = await device(port);
    await d.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    await d.closed;
    expect(d.all.length).toBe(0);
    expect(sink.storeCalls).toBe(0);
  });

  it('closes on a bad CRC without storing the frame', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await loggedIn(sink);
    await d.write(v.hex(v.GPS_BAD_CRC));
    await d.closed;
    expect(d.unread.length).toBe(0);
    expect(sink.storeCalls).toBe(0);
  });

  it('closes on an extended frame whose length cannot be GT06', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await loggedIn(sink);
    await d.write(Buffer.concat([v.hex('7979ffff12'), Buffer.alloc(64)]));
    await d.closed;
    expect(sink.storeCalls).toBe(0);
    expect(harness.listener.stats().bufferedBytes).toBe(0);
  });

  it('sends the relay command as a 0x80 frame and resolves with the 0x15 answer', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await loggedIn(sink);
    const answer = harness.listener.sendCommand(IMEI, 'Relay,1#');
    const expected = '7878' + '12' + '80' + '0c' + '00000001' + '52656c61792c3123' + '0001' + 'd9f6' + '0d0a';
    expect((await d.read(expected.length / 2)).toString('hex')).toBe(expected);
    await d.write(v.hex(v.ANSWER_CUT));
    await expect(answer).resolves.toBe('Cut off the fuel supply: Success!');
    expect((await d.read(10)).toString('hex')).toBe('78780515013b' + 'b829' + '0d0a');
    expect(sink.storeCalls).toBe(0);
  });
});
