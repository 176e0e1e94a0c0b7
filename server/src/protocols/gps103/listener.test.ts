import { describe, expect, it } from 'vitest';
import { framedHarness } from '../testing/framedHarness';
import { MemorySink, waitFor } from '../testing/memorySink';
import { gps103Codec } from './codec';
import { MAX_FRAME_BYTES } from './framer';
import * as v from './vectors.testdata';

const IMEI = '359586015829802';
const OTHER = '359587010124900';
const harness = framedHarness(gps103Codec);
const start = async (sink: MemorySink) => (await harness.start(sink)).port;
const device = (port?: number) => harness.device(port);

describe('GPS103 over TCP', () => {
  it('answers a login LOAD and a heartbeat ON, storing reports under the IMEI', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await device(await start(sink));
    await d.write(v.onWire(v.LOGIN));
    expect((await d.read(4)).toString()).toBe('LOAD');
    // an alarm report, unanswered, then a heartbeat whose ON comes after the report is stored
    await d.write(Buffer.concat([v.onWire(v.LOW_BATTERY), v.onWire(v.HEARTBEAT)]));
    expect((await d.read(2)).toString()).toBe('ON');
    expect(sink.stored).toHaveLength(1);
    expect(sink.stored[0]).toMatchObject({
      uniqueId: IMEI,
      protocol: 'gps103',
      fixTime: new Date('2008-09-23T06:29:47Z'),
      speed: 0,
      attributes: { alarm: 'lowBattery' },
    });
    expect(sink.stored[0].latitude).toBeCloseTo(22.57337667, 6);
    expect(d.all.toString()).toBe('LOADON');
  });

  it('acknowledges an SOS after storing it', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await device(await start(sink));
    await d.write(Buffer.concat([v.onWire(v.LOGIN), v.onWire(v.SOS)]));
    expect((await d.read(4 + 26)).toString()).toBe(`LOAD**,imei:${IMEI},E;`);
    expect(sink.stored).toMatchObject([{ uniqueId: IMEI, attributes: { alarm: 'sos' } }]);
  });

  it('stores a device that only heartbeats and reports, without a login', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await device(await start(sink));
    await d.write(Buffer.concat([v.onWire(v.HEARTBEAT), v.onWire(v.MOVE)]));
    expect((await d.read(2)).toString()).toBe('ON');
    await sink.until(() => sink.stored.length === 1, 'the report');
    expect(sink.stored[0]).toMatchObject({ uniqueId: IMEI, attributes: { alarm: 'movement' } });
  });

  it('gives an unknown IMEI no LOAD, stores nothing and closes', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await device(await start(sink));
    await d.write(Buffer.concat([v.onWire(v.TRACKER), v.onWire('##,imei:359587010124900,A')]));
    await d.closed;
    expect(d.all.length).toBe(0);
    expect(sink.storeCalls).toBe(0);
  });

  it('closes a connection whose frames change IMEI, storing nothing of the other', async () => {
    const sink = new MemorySink([IMEI, OTHER]);
    const d = await device(await start(sink));
    await d.write(Buffer.concat([v.onWire(v.LOGIN), v.onWire(v.TRACKER)]));
    expect((await d.read(4)).toString()).toBe('LOAD');
    await d.closed;
    expect(sink.stored).toEqual([]);
  });

  it('closes on garbage and on an oversized frame, leaving another device connected', async () => {
    const sink = new MemorySink([IMEI]);
    const port = await start(sink);
    const good = await device(port);
    await good.write(v.onWire(v.LOGIN));
    await good.read(4);
    const garbage = await device(port);
    await garbage.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    await garbage.closed;
    const oversized = await device(port);
    await oversized.write(Buffer.alloc(MAX_FRAME_BYTES + 1, 0x41));
    await oversized.closed;
    expect(garbage.all.length + oversized.all.length).toBe(0);
    await good.write(
      Buffer.concat([v.onWire(v.SAME_DAY.replace('359710045559474', IMEI)), v.onWire(v.HEARTBEAT)]),
    );
    expect((await good.read(2)).toString()).toBe('ON');
    expect(sink.stored).toMatchObject([{ uniqueId: IMEI, fixTime: new Date('2015-10-30T00:01:01Z') }]);
    await waitFor(() => harness.listener.stats().connections === 1, 'the bad connections to be gone');
    expect(harness.listener.stats().bufferedBytes).toBe(0);
  });

  it('sends engine stop to the connected device (which does not answer commands)', async () => {
    const sink = new MemorySink([IMEI]);
    const d = await device(await start(sink));
    await d.write(v.onWire(v.LOGIN));
    await d.read(4);
    const sent = harness.listener.sendCommand(IMEI, 'engineStop');
    expect((await d.read(26)).toString()).toBe(`**,imei:${IMEI},J;`);
    d.destroy();
    await expect(sent).rejects.toThrow(/disconnected/);
  });
});
