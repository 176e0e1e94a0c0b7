import { useCallback, type ReactNode } from 'react';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { arSD, enUS, esES, frFR, ptPT } from '@mui/material/locale';
import { useTranslation } from 'react-i18next';
import { toLanguage } from './i18n';
import { displayedRows } from '../common/displayedRows';

/** MUI's texts of a language, with the pagination's figures as the rest of the interface writes them. */
function withPagination(language: keyof typeof BASE) {
  const locale = BASE[language];
  return {
    ...locale,
    components: {
      ...locale.components,
      MuiTablePagination: {
        defaultProps: {
          ...locale.components?.MuiTablePagination?.defaultProps,
          labelDisplayedRows: displayedRows(language),
        },
      },
    },
  };
}

const BASE = { pt: ptPT, en: enUS, es: esES, fr: frFR, ar: arSD } as const;
const LOCALES = {
  pt: withPagination('pt'),
  en: withPagination('en'),
  es: withPagination('es'),
  fr: withPagination('fr'),
  ar: withPagination('ar'),
};

/**
 * MUI's own texts (pagination, pickers' and autocomplete's labels) in the interface language, added to the
 * theme by the logged-in shell: the login page has none of them, so they stay out of its first load (the
 * lists add the data grid's own the same way).
 */
export function MaterialTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const withTexts = useCallback((outer: Theme) => createTheme(outer, LOCALES[language]), [language]);
  return <ThemeProvider theme={withTexts}>{children}</ThemeProvider>;
}
