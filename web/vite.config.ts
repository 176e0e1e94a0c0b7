import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.FROTA_BACKEND_URL ?? 'http://localhost:8082';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: {
    port: 3000,
    proxy: {
      '/api': { target: backend, ws: true, changeOrigin: true },
      '/report': { target: backend, changeOrigin: true },
      '/meta.json': { target: backend, changeOrigin: true },
    },
  },
});
