import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguageTable, PORTUGUESE_SHELL } from '../i18n/tables';
import { loadRtlCache } from './directionCache';
import { DEFAULT_LANGUAGE, isRtl, type Language } from '../i18n/languageList';

export { DEFAULT_LANGUAGE, isRtl, LANGUAGES, toLanguage, type Language } from '../i18n/languageList';

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: PORTUGUESE_SHELL } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
});

const loaded = new Map<Language, Promise<void>>();

/**
 * Loads a language's whole table (its own chunk) once. Only the login page's Portuguese texts are there
 * from the start.
 */
export function ensureLanguage(language: Language): Promise<void> {
  let done = loaded.get(language);
  if (!done) {
    done = loadLanguageTable(language).then((table) => {
      i18n.addResourceBundle(language, 'translation', table, true, true);
    });
    done.catch(() => loaded.delete(language));
    loaded.set(language, done);
  }
  return done;
}

/** Everything a language needs before it shows: its texts and, for Arabic, the right-to-left styles. */
export async function prepareLanguage(language: Language): Promise<void> {
  await Promise.all([ensureLanguage(language), isRtl(language) ? loadRtlCache() : undefined]);
}

/** Switches the interface language once its table has loaded (Portuguese meanwhile, as the fallback). */
export async function switchLanguage(language: Language): Promise<void> {
  await prepareLanguage(language).catch(() => undefined);
  await i18n.changeLanguage(language);
}

export default i18n;
