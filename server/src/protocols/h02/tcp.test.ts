import { describe, expect, it } from 'vitest';
import { framedHarness } from '../testing/framedHarness';
import { MemorySink, waitFor } from '../testing/memorySink';
import { createH02Codec } from './codec';
import { h02Device } from './simulate';
import { BINARY_32, TEXT_V1_WEST } from './vectors.testdata';

const NOW = new Date('2026-03-01T12:34:56Z');
const codec = createH02Codec({ now: () => NOW });
const V1_ANSWER = '*HQ,4210051415,V4,V1,20260301123456#';
const txt = (text: string) => Buffer.from(text, 'latin1');

const harness = framedHarness(codec);
const start = async (sink: MemorySink) => (await harness.start(sink)).port;
const device = (port?: number) => harness.device(port);

describe('H02 over TCP', () => {
  it('stores text and binary positions under the id the frames carry, answering V1 and the heartbeat', async () => {
    const sink = new MemorySink(['4210051415', '4106011660']);
    const port = await start(sink);
    const text = await device(port);
    await text.write(txt(TEXT_V1_WEST));
    expect((await text.read(V1_ANSWER.length)).toString()).toBe(V1_ANSWER);
    expect(sink.stored).toMatchObject([{ uniqueId: '4210051415', protocol: 'h02', valid: true }]);
    expect(sink.stored[0].latitude).toBeCloseTo(9.939782, 6);

    // binary positions get no answer: the heartbeat after them proves they were committed
    const binary = await device(port);
    const sync = h02Device.sync('4106011660', 1).bytes;
    await binary.write(Buffer.concat([Buffer.from(BINARY_32, 'hex'), sync]));
    expect((await binary.read(sync.length)).toString()).toBe('*HQ,4106011660,HTBT#');
    expect(sink.stored.map((p) => p.uniqueId)).toEqual(['4210051415', '4106011660']);
    expect(sink.stored[1].fixTime.toISOString()).toBe('2016-11-13T12:45:43.000Z');
  });

  it('stores the simulator frames with their alarm', async () => {
    const sink = new MemorySink(['4106012736']);
    const port = await start(sink);
    const d = await device(port);
    const fix = {
      time: new Date('2026-02-03T04:05:06Z'),
      latitude: -8.8,
      longitude: 13.2,
      altitude: 0,
      speedKmh: 10,
      course: 90,
      satellites: 7,
      ignition: true,
      sos: true,
    };
    await d.write(h02Device.position('4106012736', fix, 1).bytes);
    const answer = await d.read(36);
    expect(h02Device.answerLength(answer)).toBe(36);
    expect(answer.toString()).toBe('*HQ,4106012736,V4,V1,20260301123456#');
    expect(sink.stored).toMatchObject([
      { uniqueId: '4106012736', attributes: { alarm: 'sos', ignition: true } },
    ]);
  });

  it('stores nothing for an unknown id and closes without an answer', async () => {
    const sink = new MemorySink(['4106011660']);
    const port = await start(sink);
    const d = await device(port);
    await d.write(Buffer.concat([txt(TEXT_V1_WEST), Buffer.from(BINARY_32, 'hex')]));
    await d.closed;
    expect(d.all.length).toBe(0);
    expect(sink.storeCalls).toBe(0);
  });

  it('closes on garbage, an oversized frame and a truncated binary frame, leaving another device connected', async () => {
    const sink = new MemorySink(['4210051415']);
    const port = await start(sink);
    const good = await device(port);
    await good.write(txt(TEXT_V1_WEST));
    await good.read(V1_ANSWER.length);

    const garbage = await device(port);
    await garbage.write(txt('GET / HTTP/1.1\r\n\r\n'));
    await garbage.closed;
    const oversized = await device(port);
    await oversized.write(txt(`*HQ,4210051415,V1,${'9'.repeat(2000)}`));
    await oversized.closed;
    const truncated = await device(port);
    await truncated.write(Buffer.concat([Buffer.from(BINARY_32, 'hex').subarray(0, 20), txt(TEXT_V1_WEST)]));
    await truncated.closed;
    for (const bad of [garbage, oversized, truncated]) expect(bad.all.length).toBe(0);

    await good.write(txt(TEXT_V1_WEST));
    expect((await good.read(V1_ANSWER.length)).toString()).toBe(V1_ANSWER);
    expect(sink.stored).toHaveLength(2);
    await waitFor(() => harness.listener.stats().connections === 1, 'the bad connections to be gone');
    expect(harness.listener.stats().bufferedBytes).toBe(0);
  });

  it('sends engine stop as S20 and resolves with the device V4 answer', async () => {
    const sink = new MemorySink(['2020916012']);
    const port = await start(sink);
    const d = await device(port);
    const v1 = '*TH,2020916012,V1,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#';
    await d.write(txt(v1));
    await d.read('*HQ,2020916012,V4,V1,20260301123456#'.length);
    const answer = harness.listener.sendCommand('2020916012', 'engineStop', 5000);
    const command = '*HQ,2020916012,S20,123456,1,1#';
    expect((await d.read(command.length)).toString()).toBe(command);
    await d.write(
      txt('*TH,2020916012,V4,S20,DONE,123456,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#'),
    );
    await expect(answer).resolves.toBe('S20,DONE');
    await sink.until(() => sink.stored.length === 2, 'the answer position');
    expect(sink.stored[1].attributes.result).toBe('S20,DONE');
  });
});
