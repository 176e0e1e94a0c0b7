import { createTheme, type Theme } from '@mui/material/styles';
import { isRtl, type Language } from './i18n';

/**
 * The application theme in the language's direction. MUI's texts in that language come with the logged-in
 * shell (MaterialTexts), so they stay out of the login page's first load.
 */
export function createAppTheme(language: Language): Theme {
  return createTheme({
    direction: isRtl(language) ? 'rtl' : 'ltr',
    palette: {
      primary: { main: '#0d47a1' },
      secondary: { main: '#ef6c00' },
      background: { default: '#f4f6f8' },
    },
    typography: { fontFamily: '"Roboto", "Segoe UI", "DejaVu Sans", "Liberation Sans", Arial, sans-serif' },
  });
}
