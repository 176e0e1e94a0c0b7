import type { LiveMessage } from './types';

export const SOCKET_RECONNECT_MS = 1000;

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/socket`;
}

/** Keeps one socket open to /api/socket, reopening it 1 s after it closes; returns the stop function. */
export function connectLive(
  onMessage: (message: LiveMessage) => void,
  url = socketUrl(window.location),
): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = (): void => {
    socket = new WebSocket(url);
    socket.onmessage = (event: MessageEvent) => {
      try {
        onMessage(JSON.parse(String(event.data)) as LiveMessage);
      } catch {
        // A frame that is not JSON carries nothing for the client.
      }
    };
    socket.onclose = () => {
      if (!stopped) timer = setTimeout(open, SOCKET_RECONNECT_MS);
    };
  };
  open();

  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
