import { createTheme, type Theme } from '@mui/material/styles';
import {
  arSD as materialAr,
  enUS as materialEn,
  esES as materialEs,
  frFR as materialFr,
  ptPT as materialPt,
} from '@mui/material/locale';
import {
  arSD as gridAr,
  enUS as gridEn,
  esES as gridEs,
  frFR as gridFr,
  ptPT as gridPt,
} from '@mui/x-data-grid/locales';
import { isRtl, type Language } from './i18n';

const LOCALES = {
  pt: [materialPt, gridPt],
  en: [materialEn, gridEn],
  es: [materialEs, gridEs],
  fr: [materialFr, gridFr],
  ar: [materialAr, gridAr],
} as const;

/** The application theme in the language's direction, with MUI and DataGrid texts in that language. */
export function createAppTheme(language: Language): Theme {
  const [material, grid] = LOCALES[language];
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
    material,
    grid,
  );
}
