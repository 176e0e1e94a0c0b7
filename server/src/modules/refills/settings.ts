/**
 * The refills module's settings (FROTA_REFILLS_*), checked at start: where the refill operators' Android app
 * is downloaded from and its latest version, the App Android dialog's link, QR code and "Última versão" until
 * an administrator sets others (refill_app_version).
 */
import { z } from 'zod';

/** An empty variable is an unset one. */
const unsetIfBlank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An absolute http(s) address: what a phone that scans the QR code can open. */
export const isAppUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
};

export const refillsSettings = z.object({
  FROTA_REFILLS_APP_URL: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .trim()
      .max(1000)
      .refine(isAppUrl, 'FROTA_REFILLS_APP_URL: an http:// or https:// address')
      .optional(),
  ),
  FROTA_REFILLS_APP_VERSION: z.preprocess(unsetIfBlank, z.string().trim().max(64).optional()),
});

export type RefillsSettings = z.infer<typeof refillsSettings>;

/** The settings from the FROTA_* variables; none when they do not parse (the start refuses them first). */
export function readRefillsSettings(moduleEnv: Readonly<Record<string, string>>): RefillsSettings {
  const parsed = refillsSettings.safeParse(moduleEnv);
  return parsed.success ? parsed.data : {};
}
