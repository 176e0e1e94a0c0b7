import { useEffect, useMemo, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useDirectionCache } from './directionCache';
import { isRtl, switchLanguage, type Language } from './i18n';
import { createAppTheme } from './theme';

/** Language, direction and theme of the whole page: `<html lang dir>`, the i18n language, MUI's cache. */
export function ThemeRoot({ language, children }: { language: Language; children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(language), [language]);
  const rtl = isRtl(language);
  const cache = useDirectionCache(rtl);

  useEffect(() => {
    void switchLanguage(language);
    document.documentElement.lang = language;
    document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  }, [language, rtl]);

  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
