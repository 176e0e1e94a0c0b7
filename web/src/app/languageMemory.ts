import { DEFAULT_LANGUAGE, toLanguage, type Language } from './i18n';

const KEY = 'frota.language';

/** The language of the last logged-in user of this browser, for the login page. */
export function storedLanguage(): Language {
  try {
    return toLanguage(localStorage.getItem(KEY) ?? DEFAULT_LANGUAGE);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // Storage unavailable: the login page uses the default language.
  }
}
