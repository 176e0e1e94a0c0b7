import { invalidWorkTime, isValidEmail } from '@frota/core';
import type { Driver } from '../api/types';

export type DriverDraft = Omit<Driver, 'id'> & { id?: number };

export const newDriverDraft = (): DriverDraft => ({ name: '', uniqueId: '', attributes: {} });

/** i18n key and value of the first problem, or null. */
export function validateDriver(driver: DriverDraft): { key: string; value?: string } | null {
  if (!driver.name?.trim()) return { key: 'invalidName' };
  const email = String(driver.attributes.email ?? '').trim();
  if (email && !isValidEmail(email)) return { key: 'settings.invalidEmail', value: email };
  const time = invalidWorkTime(driver.attributes.week);
  if (time !== null) return { key: 'settings.invalidWorkTime', value: time };
  return null;
}

/** The driving categories of the client details: a list, or a JSON text of one. */
export function drivingCategories(value: unknown): string[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = value.split(',');
    }
  }
  return Array.isArray(list) ? list.map((c) => String(c).trim()).filter(Boolean) : [];
}
