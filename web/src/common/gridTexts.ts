/**
 * The data grid's own texts (pagination, column menu, filters) in each interface language. They live with
 * the lists rather than in the theme, so the grid's code stays out of the login page's first load.
 */
import { arSD, enUS, esES, frFR, ptPT } from '@mui/x-data-grid/locales';
import type { GridLocaleText } from '@mui/x-data-grid';
import { arabicDisplayedRows } from './arabicRows';

const GRID_LOCALES = { pt: ptPT, en: enUS, es: esES, fr: frFR, ar: arSD } as const;

const ARABIC: Partial<GridLocaleText> = {
  ...arSD.components.MuiDataGrid.defaultProps.localeText,
  paginationDisplayedRows: arabicDisplayedRows,
};

/** The grid texts for a language code; an unknown code falls back to Portuguese, the interface's first. */
export function gridTexts(language: string): Partial<GridLocaleText> {
  if (language === 'ar') return ARABIC;
  const locale = GRID_LOCALES[language as keyof typeof GRID_LOCALES] ?? ptPT;
  return locale.components.MuiDataGrid.defaultProps.localeText;
}
