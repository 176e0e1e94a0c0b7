/**
 * The service worker (built by vite-plugin-pwa) keeps the application's files, so a repeat visit opens at
 * once and, with no network, shows the offline page instead of nothing. Registered after the page has
 * loaded, so its downloads never compete with the first one.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
