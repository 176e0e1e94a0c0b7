/**
 * The data grid's own texts (pagination, column menu, filters) in each interface language. They live with
 * the lists rather than in the theme, so the grid's code stays out of the login page's first load.
 */
import { arSD, enUS, esES, frFR, ptPT } from '@mui/x-data-grid/locales';
import type { GridLocaleText } from '@mui/x-data-grid';
import { displayedRows } from './displayedRows';

const GRID_LOCALES = { pt: ptPT, en: enUS, es: esES, fr: frFR, ar: arSD } as const;

const TEXTS = new Map<string, Partial<GridLocaleText>>();

/** The grid texts for a language code; an unknown code falls back to Portuguese, the interface's first. */
export function gridTexts(language: string): Partial<GridLocaleText> {
  const code = language in GRID_LOCALES ? (language as keyof typeof GRID_LOCALES) : 'pt';
  let texts = TEXTS.get(code);
  if (!texts) {
    texts = {
      ...GRID_LOCALES[code].components.MuiDataGrid.defaultProps.localeText,
      paginationDisplayedRows: displayedRows(code),
    };
    TEXTS.set(code, texts);
  }
  return texts;
}
