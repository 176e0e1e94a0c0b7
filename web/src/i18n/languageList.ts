/** The interface languages, Portuguese first; Arabic is written right to left. */
export const LANGUAGES = ['pt', 'en', 'es', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

export const toLanguage = (value: unknown): Language =>
  LANGUAGES.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;

export const isRtl = (language: Language): boolean => language === 'ar';
