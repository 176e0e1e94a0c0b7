/**
 * One HTTP request of a simulated device (a phone's OsmAnd fix, a Traccar forward): given up when the device
 * is closed (`abort`) or after `timeoutMs`; the body is read so the connection can be reused.
 */
export async function deviceRequest(
  url: string,
  init: RequestInit,
  abort: AbortSignal,
  timeoutMs = 30_000,
): Promise<Response> {
  const signal = AbortSignal.any([abort, AbortSignal.timeout(timeoutMs)]);
  const res = await fetch(url, { ...init, signal });
  await res.arrayBuffer();
  return res;
}
