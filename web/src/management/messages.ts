import { MANAGEMENT_MESSAGES } from '@frota/core';
import type { TFunction } from 'i18next';

const KEY_OF = new Map<string, string>(Object.entries(MANAGEMENT_MESSAGES).map(([key, text]) => [text, key]));

/**
 * A validation message of core (the Portuguese text the server answers with) in the interface language:
 * the same key's text under `management.validation`; unknown messages as they are.
 */
export function translateMessage(t: TFunction, message: string): string {
  const key = KEY_OF.get(message);
  return key ? t(`management.validation.${key}`) : message;
}
