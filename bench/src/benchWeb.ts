/** The server and headless browser the web benches drive (a fresh data folder, the built web app). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freeDevicePorts, loadConfig } from '../../server/src/config';
import { startServer } from '../../server/src/server';

export async function startBenchServer(webDir: string, admin: { email: string; password: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'frota-bench-'));
  const server = await startServer(
    loadConfig({
      FROTA_PORT: '0',
      FROTA_HOST: '127.0.0.1',
      FROTA_DATA_DIR: dir,
      ...freeDevicePorts(),
      FROTA_TELTONIKA_PORT: '0',
      FROTA_OSMAND_PORT: '0',
      FROTA_CAMERA_PORT: '0',
      FROTA_LOG_LEVEL: 'silent',
      FROTA_ADMIN_EMAIL: admin.email,
      FROTA_ADMIN_PASSWORD: admin.password,
      FROTA_WEB_DIR: webDir,
    }),
  );
  return { dir, server };
}

/** Chromium with the flags every browser test uses: WebGL runs in software (SwiftShader). */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
