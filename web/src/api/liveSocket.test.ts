import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLive, SOCKET_RECONNECT_MS } from './liveSocket';
import type { LiveMessage } from './types';

class FakeSocket {
  static opened: FakeSocket[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeSocket.opened = [];
});

describe('connectLive', () => {
  it('parses messages, reopens 1 s after a close and stays closed once stopped', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const received: LiveMessage[] = [];
    const stop = connectLive((message) => received.push(message), 'ws://h/api/socket');
    const first = FakeSocket.opened[0];
    expect(first.url).toBe('ws://h/api/socket');

    first.receive('{"positions":[{"id":1}]}');
    first.receive('not json');
    expect(received).toEqual([{ positions: [{ id: 1 }] }]);

    first.onclose?.();
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS - 1);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.opened).toHaveLength(2);

    stop();
    expect(FakeSocket.opened[1].closed).toBe(true);
    vi.advanceTimersByTime(5 * SOCKET_RECONNECT_MS);
    expect(FakeSocket.opened).toHaveLength(2);
  });
});
