import { ensureLanguage } from './i18n';

/** The logged-in shell's code with the Portuguese texts of every area (the fallback of every language). */
export const loadShell = () =>
  Promise.all([import('./LoggedInApp'), ensureLanguage('pt')]).then(([module]) => module);
