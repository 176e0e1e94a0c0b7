/**
 * The interface language tables: the shell's tables (this folder) merged with each area's own
 * `web/src/{area}/i18n/{language}.json`, whose keys all sit under one top-level key named for the area
 * (so areas never collide and can be written independently). The Portuguese shell table (the login page's
 * texts) is bundled; the areas' Portuguese texts load with the logged-in shell, and every other language is
 * its own chunk, loaded when a user first needs it.
 */
import pt from './pt.json';

import type { Table } from './mergeTables';

export { mergeTables, type AreaModules, type Table } from './mergeTables';

export const PORTUGUESE_SHELL: Table = pt;

const LOADERS: Record<string, () => Promise<{ default: Table }>> = {
  pt: () => import('./languages/pt'),
  en: () => import('./languages/en'),
  es: () => import('./languages/es'),
  fr: () => import('./languages/fr'),
  ar: () => import('./languages/ar'),
};

/** A language's whole table (Portuguese and unknown languages: the Portuguese one). */
export async function loadLanguageTable(language: string): Promise<Table> {
  return (await (LOADERS[language] ?? LOADERS.pt)()).default;
}
