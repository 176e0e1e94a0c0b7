import { useCallback, type ReactNode } from 'react';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { arSD, enUS, esES, frFR, ptPT } from '@mui/material/locale';
import { useTranslation } from 'react-i18next';
import { toLanguage } from './i18n';
import { arabicDisplayedRows } from '../common/arabicRows';

/** Arabic with Latin digits in the pagination, as every other figure of the interface. */
const ARABIC = {
  ...arSD,
  components: {
    ...arSD.components,
    MuiTablePagination: {
      defaultProps: {
        ...arSD.components?.MuiTablePagination?.defaultProps,
        labelDisplayedRows: arabicDisplayedRows,
      },
    },
  },
};

const LOCALES = { pt: ptPT, en: enUS, es: esES, fr: frFR, ar: ARABIC } as const;

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
