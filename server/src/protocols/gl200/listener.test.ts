import { describe, expect, it } from 'vitest';
import { framedHarness } from '../testing/framedHarness';
import { MemorySink, waitFor } from '../testing/memorySink';
import { gl200Codec } from './codec';
import * as V from './vectors.testdata';

const GV300 = '862894020180553';
/** a heartbeat of the GV300 that sent FRI_GV300 (its version, its id, the next count number) */
const GV300_HBD = `+ACK:GTHBD,060228,${GV300},,20160309073600,132C$`;
const GV300_SACK = '+SACK:GTHBD,060228,132C$';

const harness = framedHarness(gl200Codec);
const start = async (sink: MemorySink) => (await harness.start(sink)).port;
const device = (port?: number) => harness.device(port);

describe('gl200 over the framed TCP listener', () => {
  it('stores GTFRI under its IMEI, unanswered, and answers the heartbeat after it', async () => {
    const sink = new MemorySink([GV300]);
    const d = await device(await start(sink));
    await d.write(Buffer.concat([V.wire(V.FRI_GV300), Buffer.from(GV300_HBD)]));
    expect((await d.read(GV300_SACK.length)).toString()).toBe(GV300_SACK);
    // the heartbeat is answered only after the report before it was committed
    expect(sink.stored).toHaveLength(1);
    expect(sink.stored[0]).toMatchObject({
      protocol: 'gl200',
      uniqueId: GV300,
      latitude: -17.720434,
      longitude: -62.899703,
      course: 147,
    });
    expect(d.all.toString()).toBe(GV300_SACK);
  });

  it('stores buffered and multi-position reports split over several writes, in order', async () => {
    const sink = new MemorySink(['867162020003125']);
    const d = await device(await start(sink));
    const bytes = V.wire(V.FRI_GL300W_TWO);
    await d.write(bytes.subarray(0, 40));
    await d.write(bytes.subarray(40));
    await d.write(Buffer.from('+ACK:GTHBD,2C0204,867162020003125,GL300W,20160215210510,1E79$'));
    expect((await d.read(24)).toString()).toBe('+SACK:GTHBD,2C0204,1E79$');
    expect(sink.stored.map((p) => p.fixTime.toISOString())).toEqual([
      '2016-02-15T21:04:33.000Z',
      '2016-02-15T21:05:03.000Z',
    ]);
    expect(sink.stored.every((p) => p.uniqueId === '867162020003125')).toBe(true);
  });

  it('stores nothing from an unknown IMEI and closes the connection', async () => {
    const sink = new MemorySink(['111111111111111']);
    const d = await device(await start(sink));
    await d.write(Buffer.concat([V.wire(V.FRI_GV300), Buffer.from(GV300_HBD)]));
    await d.closed;
    expect(sink.storeCalls).toBe(0);
    expect(d.all.length).toBe(0);
  });

  it('closes on garbage and on an oversized message, leaving a connected device unharmed', async () => {
    const sink = new MemorySink([GV300]);
    const port = await start(sink);
    const good = await device(port);
    await good.write(V.wire(V.FRI_GV300));
    await sink.until(() => sink.stored.length === 1, 'the first report');

    const garbage = await device(port);
    await garbage.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n$'));
    await garbage.closed;
    const oversized = await device(port);
    await oversized.write(Buffer.from(`+RESP:GTFRI,060228,${GV300},${'1,'.repeat(2000)}`));
    await oversized.closed;

    await good.write(Buffer.concat([V.wire(V.FRI_GV300_HOURS.replace('862894020178276', GV300))]));
    await good.write(Buffer.from(GV300_HBD));
    expect((await good.read(GV300_SACK.length)).toString()).toBe(GV300_SACK);
    expect(sink.stored).toHaveLength(2);
    expect(sink.stored[1].attributes.power).toBe(15.153);
    await waitFor(() => harness.listener.stats().connections === 1, 'the bad connections to be gone');
    expect(harness.listener.stats().bufferedBytes).toBe(0);
  });

  it('refuses a second IMEI on the same connection', async () => {
    const sink = new MemorySink([GV300, '860599000508846']);
    const d = await device(await start(sink));
    await d.write(Buffer.concat([V.wire(V.FRI_GV300), V.wire(V.FRI_GL300)]));
    await d.closed;
    expect(sink.stored.map((p) => p.uniqueId)).toEqual([GV300]);
  });
});
