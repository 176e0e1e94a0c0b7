import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { precompressLevel } from './build/shipGzip';

const backend = process.env.FROTA_BACKEND_URL ?? 'http://localhost:8082';

/**
 * The server refuses writes and socket upgrades whose Origin is another site's (issue 33): the page's
 * origin here is the dev server's, so the proxy presents the backend's own origin in its place.
 */
const speakForThePage: NonNullable<ProxyOptions['configure']> = (proxy) => {
  const origin = new URL(backend).origin;
  proxy.on('proxyReq', (req) => {
    if (req.getHeader('origin')) req.setHeader('origin', origin);
  });
  proxy.on('proxyReqWs', (req) => {
    if (req.getHeader('origin')) req.setHeader('origin', origin);
  });
};

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // Registered by main.tsx; a new version is taken on the next load (and by the version check's reload).
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Frota',
        short_name: 'Frota',
        description: 'Localização e gestão de frotas',
        lang: 'pt',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0d47a1',
        background_color: '#f4f6f8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // The application and its map (worker and world outline) open with no network on a repeat visit.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,json,webmanifest}'],
        globIgnores: ['**/.vite/**', 'manual/**', 'images/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        // API calls, report downloads and the API docs are never answered by the application's page.
        navigateFallbackDenylist: [/^\/api\//, /\.php(\/|$)/, /^\/meta\.json/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The test suite's quick build prints no gzip sizes (computing them costs seconds).
    reportCompressedSize: precompressLevel() === 'ship',
    rolldownOptions: {
      output: {
        // MapLibre (one self-contained module) in a chunk of its own, cached apart from the application.
        codeSplitting: {
          groups: [
            { name: 'maplibre-gl', test: /node_modules[\\/]maplibre-gl/ },
            // The lists' grid texts in the five languages, beside the grid's own chunk rather than in it.
            { name: 'grid-texts', test: /node_modules[\\/]@mui[\\/]x-data-grid[\\/]locales/ },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': { target: backend, ws: true, changeOrigin: true, configure: speakForThePage },
      '/report': { target: backend, changeOrigin: true, configure: speakForThePage },
      '/meta.json': { target: backend, changeOrigin: true },
    },
  },
});
