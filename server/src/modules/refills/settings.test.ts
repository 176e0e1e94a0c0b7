import { describe, expect, it } from 'vitest';
import { readRefillsSettings, refillsSettings } from './settings';

describe('the refills module settings (FROTA_REFILLS_*)', () => {
  it('reads the app link and version, an empty variable as unset', () => {
    expect(
      refillsSettings.parse({
        FROTA_REFILLS_APP_URL: ' https://apps.frota.ao/a.apk ',
        FROTA_REFILLS_APP_VERSION: '2.0',
      }),
    ).toEqual({ FROTA_REFILLS_APP_URL: 'https://apps.frota.ao/a.apk', FROTA_REFILLS_APP_VERSION: '2.0' });
    expect(refillsSettings.parse({ FROTA_REFILLS_APP_URL: ' ', FROTA_REFILLS_APP_VERSION: '' })).toEqual({});
  });

  it('refuses a link a phone cannot open, so the server does not start with it', () => {
    for (const url of ['apps.frota.ao/a.apk', 'ftp://frota.ao/a.apk', 'javascript:alert(1)']) {
      const parsed = refillsSettings.safeParse({ FROTA_REFILLS_APP_URL: url });
      expect(parsed.success, url).toBe(false);
      expect(parsed.error?.issues[0].message).toBe('FROTA_REFILLS_APP_URL: an http:// or https:// address');
    }
    expect(readRefillsSettings({ FROTA_REFILLS_APP_URL: 'nope' })).toEqual({});
  });
});
