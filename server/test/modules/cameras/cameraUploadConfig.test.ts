import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';

describe('camera listener settings', () => {
  it('listen on 5028 and announce 127.0.0.1 by default', () => {
    const config = loadConfig({});
    expect(config.cameraPort).toBe(5028);
    expect(config.cameraHost).toBe('127.0.0.1');
  });

  it('announce FROTA_CAMERA_HOST, else the host of FROTA_PUBLIC_URL', () => {
    expect(loadConfig({ FROTA_PUBLIC_URL: 'https://frota.example.ao:8443/app' }).cameraHost).toBe(
      'frota.example.ao',
    );
    const config = loadConfig({
      FROTA_PUBLIC_URL: 'https://frota.example.ao',
      FROTA_CAMERA_HOST: 'cams.example.ao',
      FROTA_CAMERA_PORT: '6028',
    });
    expect(config).toMatchObject({ cameraHost: 'cams.example.ao', cameraPort: 6028 });
    expect(() => loadConfig({ FROTA_CAMERA_PORT: '70000' })).toThrow(/FROTA_CAMERA_PORT/);
  });
});
