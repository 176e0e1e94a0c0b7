import { getJson } from '../api/client';

export const VERSION_CHECK_MS = 30_000;

export type VersionState = 'ok' | 'update' | 'offline';

/** Version seen when the page loaded; later answers are compared with it. */
let loadedVersion: string | undefined;

export const firstVersion = (): string | undefined => loadedVersion;

export async function fetchVersion(): Promise<string> {
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

/** Clears the browser caches (the service worker's too) and reloads the page. */
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
