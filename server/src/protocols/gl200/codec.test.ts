import { describe, expect, it } from 'vitest';
import { GL200_MAX_MESSAGE_BYTES, gl200Codec } from './codec';
import * as V from './vectors.testdata';

describe('gl200 codec framing', () => {
  it('cuts messages at `$`, across chunks and several in one chunk', () => {
    const framer = gl200Codec.newFramer();
    const bytes = Buffer.concat([V.wire(V.FRI_GV300), V.wire(V.HBD_GL300)]);
    expect(framer.push(bytes.subarray(0, 50))).toEqual([]);
    expect(framer.buffered).toBe(50);
    const events = framer.push(bytes.subarray(50));
    expect(events.map((e) => (e.type === 'frame' ? e.data.toString() : e.type))).toEqual([
      V.FRI_GV300,
      `${V.HBD_GL300}$`,
    ]);
    expect(framer.buffered).toBe(0);
  });

  it('gives up on a stream without `$` within the limit', () => {
    const framer = gl200Codec.newFramer();
    const events = framer.push(Buffer.alloc(GL200_MAX_MESSAGE_BYTES + 1, 0x41));
    expect(events).toEqual([{ type: 'fatal', reason: expect.any(String) }]);
  });

  it('counts the messages of a connection in its state', () => {
    const state = gl200Codec.newState();
    gl200Codec.decode(V.wire(V.FRI_GL300), state, undefined);
    gl200Codec.decode(V.wire(V.INF_GL300), state, '860599000508846');
    expect(state.messages).toBe(2);
  });
});
