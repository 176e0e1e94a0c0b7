/** Constants of document 1 §9 served to clients, and the client details record (settings table). */
import type { Db } from '../db/database';
import { parseJson, toJson } from '../db/mapping';

export const LANGUAGES = ['pt', 'en', 'es', 'fr', 'ar'];
export const MAP_DEFAULTS = { latitude: 10, longitude: 20, zoom: 2, minZoom: 1, maxZoom: 19, focusZoom: 15 };

export interface ClientDetails {
  title: string;
  message: string;
  currency_symbol: string;
  driving_categories: string[];
  sales_name: string;
  sales_address: string;
  sales_gps: string;
  sales_email: string;
  sales_phone: string;
}

export const DEFAULT_CLIENT_DETAILS: ClientDetails = {
  title: 'Frota',
  message: '',
  currency_symbol: 'Kz',
  driving_categories: ['A1', 'A', 'B1', 'B', 'BE', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE'],
  sales_name: '',
  sales_address: '',
  sales_gps: '',
  sales_email: '',
  sales_phone: '',
};

export async function readSetting<T extends object>(db: Db, key: string, fallback: T): Promise<T> {
  const row = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? ({ ...fallback, ...parseJson(row.value) } as T) : fallback;
}

export async function writeSetting(db: Db, key: string, value: object): Promise<void> {
  const json = toJson(value as Record<string, unknown>);
  await db.kysely
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}
