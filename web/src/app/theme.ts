import { createTheme, type Theme } from '@mui/material/styles';
import {
  arSD as materialAr,
  enUS as materialEn,
  esES as materialEs,
  frFR as materialFr,
  ptPT as materialPt,
} from '@mui/material/locale';
import { isRtl, type Language } from './i18n';

const LOCALES = { pt: materialPt, en: materialEn, es: materialEs, fr: materialFr, ar: materialAr } as const;

/**
 * The application theme in the language's direction, with MUI's texts in that language (the lists add the
 * data grid's own, so its code stays out of the first load).
 */
export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      direction: isRtl(language) ? 'rtl' : 'ltr',
      palette: {
        primary: { main: '#0d47a1' },
        secondary: { main: '#ef6c00' },
        background: { default: '#f4f6f8' },
      },
      typography: { fontFamily: '"Roboto", "Segoe UI", "DejaVu Sans", "Liberation Sans", Arial, sans-serif' },
    },
    LOCALES[language],
  );
}
