import { useQuery } from '@tanstack/react-query';
import { getJson } from '../api/client';
import { queryKeys } from '../api/queries';

export const VERSION_CHECK_MS = 30_000;

export type VersionState = 'ok' | 'update' | 'offline';

/** Version seen when the page loaded; later answers are compared with it. */
let loadedVersion: string | undefined;

async function fetchVersion(): Promise<string> {
  const { version } = await getJson<{ version: string }>(`/meta.json?t=${Date.now()}`);
  loadedVersion ??= version;
  return version;
}

export function versionState(
  loaded: string | undefined,
  current: string | undefined,
  failed: boolean,
): VersionState {
  if (failed) return 'offline';
  if (loaded !== undefined && current !== undefined && current !== loaded) return 'update';
  return 'ok';
}

/** Polls /meta.json every 30 s (document 1 §2): a new version offers an update, a failure shows OFFLINE. */
export function useVersionCheck(): { version: string | undefined; state: VersionState } {
  const meta = useQuery({
    queryKey: queryKeys.meta,
    queryFn: fetchVersion,
    refetchInterval: VERSION_CHECK_MS,
    retry: false,
  });
  return { version: loadedVersion ?? meta.data, state: versionState(loadedVersion, meta.data, meta.isError) };
}

/** Clears the browser caches and reloads the page. */
export async function hardReload(): Promise<void> {
  try {
    if ('caches' in window) {
      for (const key of await caches.keys()) await caches.delete(key);
    }
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } finally {
    window.location.reload();
  }
}
