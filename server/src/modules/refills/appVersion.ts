/**
 * The refill operators' Android app as the App Android dialog shows it (document 3 §2: a QR code, a link and
 * the latest version): the administrator's choice (the `refillApp` settings row), else the server's
 * FROTA_REFILLS_APP_URL and FROTA_REFILLS_APP_VERSION, field by field.
 */
import type { Db } from '../../db/database';
import { badRequest } from '../../errors';
import { readSetting, writeSetting } from '../../services/serverSettings';
import { isAppUrl, type RefillsSettings } from './settings';

export const APP_SETTING = 'refillApp';

export interface AppVersion {
  apk_version: string;
  apk_url: string;
}

export const APP_VERSION_REQUIRED = 'Deve indicar a versão da aplicação';
export const APP_VERSION_TOO_LONG = 'A versão da aplicação deve ter no máximo 64 caracteres';
export const APP_URL_INVALID = 'O endereço da aplicação deve começar por http:// ou https://';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export async function readAppVersion(db: Db, settings: RefillsSettings): Promise<AppVersion> {
  const stored = await readSetting<Record<string, unknown>>(db, APP_SETTING, {});
  return {
    apk_version: text(stored.apk_version) || (settings.FROTA_REFILLS_APP_VERSION ?? ''),
    apk_url: text(stored.apk_url) || (settings.FROTA_REFILLS_APP_URL ?? ''),
  };
}

/** The administrator's form: a version (64 characters at most) and an http(s) address, both required. */
export function readAppInput(body: Record<string, unknown>): AppVersion {
  const apk_version = text(body.apk_version);
  const apk_url = text(body.apk_url);
  if (!apk_version) throw badRequest(APP_VERSION_REQUIRED);
  if (apk_version.length > 64) throw badRequest(APP_VERSION_TOO_LONG);
  if (apk_url.length > 1000 || !isAppUrl(apk_url)) throw badRequest(APP_URL_INVALID);
  return { apk_version, apk_url };
}

export const writeAppVersion = (db: Db, app: AppVersion): Promise<void> => writeSetting(db, APP_SETTING, app);
