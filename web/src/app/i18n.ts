import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageTable } from '../i18n/tables';

export const LANGUAGES = ['pt', 'en', 'es', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

export const toLanguage = (value: unknown): Language =>
  LANGUAGES.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;

export const isRtl = (language: Language): boolean => language === 'ar';

void i18n.use(initReactI18next).init({
  resources: {
    pt: { translation: languageTable('pt') },
    en: { translation: languageTable('en') },
    es: { translation: languageTable('es') },
    fr: { translation: languageTable('fr') },
    ar: { translation: languageTable('ar') },
  },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
});

export default i18n;
