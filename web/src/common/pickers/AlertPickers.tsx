/**
 * Date pickers of the alert central: DD/MM/YYYY, in the interface language, with weeks starting on
 * Monday in every language (document 2 §2.8) — each language gets a Monday-first copy of its dayjs locale,
 * so the rest of the app's pickers keep theirs.
 */
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import ar from 'dayjs/locale/ar-ly';
// dayjs's own `en` has no formats (the date adapter falls back only for the name `en`): British English
// has them, DD/MM/YYYY as the spec writes dates
import en from 'dayjs/locale/en-gb';
import es from 'dayjs/locale/es';
import fr from 'dayjs/locale/fr';
import pt from 'dayjs/locale/pt';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES, frFR, ptPT } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';

const BASE_LOCALES = { pt, en, es, fr, ar } as const;
const TEXTS: Record<string, typeof ptPT> = { pt: ptPT, en: enUS, es: esES, fr: frFR, ar: enUS };

/** The Monday-first locale name of a language, registered once. */
const mondayLocale = (language: keyof typeof BASE_LOCALES): string => {
  const name = `${language}-monday`;
  dayjs.locale({ ...BASE_LOCALES[language], name, weekStart: 1 }, undefined, true);
  return name;
};
const MONDAY_LOCALES = Object.fromEntries(
  (Object.keys(BASE_LOCALES) as Array<keyof typeof BASE_LOCALES>).map((l) => [l, mondayLocale(l)]),
) as Record<string, string>;

export function AlertPickers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language in MONDAY_LOCALES ? i18n.language : 'pt';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={MONDAY_LOCALES[language]}
      localeText={TEXTS[language].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
