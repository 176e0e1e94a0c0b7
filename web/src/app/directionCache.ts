/**
 * Emotion's style caches: left-to-right, and right-to-left (Arabic) whose style flipping plugin loads only
 * when a right-to-left language is first used.
 */
import { useSyncExternalStore } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';

const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadRtlCache(): Promise<void> {
  loading ??= import('stylis-plugin-rtl').then(({ default: rtlPlugin }) => {
    rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
    listeners.forEach((listener) => listener());
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The cache for the direction; right-to-left falls back to left-to-right until its plugin has loaded. */
export function useDirectionCache(rtl: boolean): EmotionCache {
  const loaded = useSyncExternalStore(subscribe, () => rtlCache);
  if (rtl && !loaded) void loadRtlCache();
  return rtl && loaded ? loaded : ltrCache;
}
