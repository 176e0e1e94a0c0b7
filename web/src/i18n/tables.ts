/**
 * The interface language tables: the shell's tables (this folder) merged with each area's own
 * `web/src/{area}/i18n/{language}.json`, whose keys all sit under one top-level key named for the area
 * (so areas never collide and can be written independently).
 */
import ar from './ar.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import pt from './pt.json';

export type Table = { [key: string]: string | Table };

const SHELL: Record<string, Table> = { pt, en, es, fr, ar };

const AREA_FILES = import.meta.glob<{ default: Table }>('../*/i18n/*.json', { eager: true });

/** Area tables by language, keyed by the file's folder (for the completeness test). */
export function areaTables(): Array<{ area: string; language: string; table: Table }> {
  return Object.entries(AREA_FILES).map(([path, module]) => {
    const [, area, , file] = path.split('/');
    return { area, language: file.replace('.json', ''), table: module.default };
  });
}

export function languageTable(language: string): Table {
  const merged: Table = { ...SHELL[language] };
  for (const { language: l, table } of areaTables()) if (l === language) Object.assign(merged, table);
  return merged;
}
