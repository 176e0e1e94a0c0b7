import { afterEach } from 'vitest';
import type { ProtocolCodec } from '../framed/codec';
import { startFramedTcp, type FramedListener, type FramedListenOptions } from '../framed/listener';
import { FakeDevice } from './fakeDevice';
import { memoryLog, type MemorySink } from './memorySink';

/**
 * A framed protocol's listener for a test file: `start` binds it on a free port for a sink, `device`
 * connects a fake tracker; after each test the trackers are closed and the listener is stopped.
 */
export function framedHarness<State>(codec: ProtocolCodec<State>) {
  let listener: FramedListener | undefined;
  const devices: FakeDevice[] = [];
  afterEach(async () => {
    for (const d of devices.splice(0)) d.destroy();
    await listener?.close();
    listener = undefined;
  });
  const harness = {
    /** the listener of the test under way */
    get listener(): FramedListener {
      if (!listener) throw new Error('the listener is not started');
      return listener;
    },
    async start(sink: MemorySink, options: Partial<FramedListenOptions> = {}): Promise<FramedListener> {
      listener = await startFramedTcp(codec, {
        port: 0,
        host: '127.0.0.1',
        sink,
        log: memoryLog(),
        ...options,
      });
      return listener;
    },
    /** a fake tracker connected to `port` (the listener's by default) */
    async device(port?: number): Promise<FakeDevice> {
      const d = await FakeDevice.connect(port ?? harness.listener.port);
      devices.push(d);
      return d;
    },
  };
  return harness;
}
