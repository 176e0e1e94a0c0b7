import { useEffect, useMemo, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import rtlPlugin from 'stylis-plugin-rtl';
import i18n, { isRtl, type Language } from './i18n';
import { createAppTheme } from './theme';

const ltrCache = createCache({ key: 'mui' });
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });

/** Language, direction and theme of the whole page: `<html lang dir>`, the i18n language, MUI's cache. */
export function ThemeRoot({ language, children }: { language: Language; children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(language), [language]);
  const rtl = isRtl(language);

  useEffect(() => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
    document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  }, [language, rtl]);

  return (
    <CacheProvider value={rtl ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
