import type { ReactNode } from 'react';
import 'dayjs/locale/ar-ly';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES, frFR, ptPT } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';

// Arabic uses a dayjs locale with Arabic month names but Latin digits (plain `ar` rewrites digits).
const ADAPTER_LOCALES: Record<string, string> = { pt: 'pt', en: 'en', es: 'es', fr: 'fr', ar: 'ar-ly' };
const TEXTS: Record<string, typeof ptPT> = { pt: ptPT, en: enUS, es: esES, fr: frFR, ar: enUS };

/** Date pickers in the interface language. */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language in ADAPTER_LOCALES ? i18n.language : 'pt';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={ADAPTER_LOCALES[language]}
      localeText={TEXTS[language].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
