import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../app/areas';
import { SECTIONS } from '../session/routes';
import { loadLanguageTable, type Table } from './tables';

const flatten = (table: Table, prefix = ''): Record<string, string> =>
  Object.entries(table).reduce<Record<string, string>>((out, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...out, [path]: value } : { ...out, ...flatten(value, path) };
  }, {});

const source = flatten(await loadLanguageTable('pt'));
const others = {
  en: flatten(await loadLanguageTable('en')),
  es: flatten(await loadLanguageTable('es')),
  fr: flatten(await loadLanguageTable('fr')),
  ar: flatten(await loadLanguageTable('ar')),
};
const AREA_FILES = import.meta.glob<{ default: Table }>('../*/i18n/*.json', { eager: true });
const areaTables = () =>
  Object.entries(AREA_FILES).map(([path, module]) => {
    const [, area, , file] = path.split('/');
    return { area, language: file.replace('.json', ''), table: module.default };
  });
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// jsdom gives modules an http URL, so the sources are found from the working directory (root or web/).
const srcDir = [join(process.cwd(), 'web', 'src'), join(process.cwd(), 'src')].find((dir) =>
  existsSync(join(dir, 'i18n')),
)!;
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('interface language tables', () => {
  it('has every Portuguese key in en, es, fr and ar, and nothing more', () => {
    for (const [language, table] of Object.entries(others)) {
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(source).sort());
    }
  });

  it('keeps each area table under one top-level key named for its area', () => {
    for (const { area, language, table } of areaTables()) {
      expect(Object.keys(table), `${area}/${language}`).toEqual([area]);
    }
  });

  it('has no empty texts and keeps the placeholders', () => {
    for (const [language, table] of Object.entries({ pt: source, ...others })) {
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(source[key]));
      }
    }
  });

  it('keeps the Portuguese texts of the specification verbatim', () => {
    expect(source.noData).toBe('Sem dados');
    expect(source.error).toBe('Erro');
    expect(source.loginErrorTitle).toBe('Erro de acesso');
    expect(source.loginBlocked).toBe('Utilizador bloqueado');
    expect(source.loginInvalid).toBe('Endereço de e-mail ou password inválidos');
    expect(source.loginFailed).toBe('Erro de login');
    expect(source.recoverySent).toBe(
      'Foram enviadas instruções de recuperação de password para o endereço de e-mail {{email}}',
    );
    expect(source.recoveryFailed).toBe('Não foi possível enviar as instruções de recuperação de password!');
    expect(source.passwordUpdated).toBe('Foi definida a nova password para o utilizador {{name}}');
    expect(source.passwordUpdateFailed).toBe('Não foi possível definir a nova password!');
  });

  it('names every route and menu section', () => {
    for (const route of ROUTES) expect(source[route.title], route.path).toBeDefined();
    for (const section of [...SECTIONS, 'help']) expect(source[`section.${section}`], section).toBeDefined();
  });

  it('has every literal key the code asks for', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\('([^']+)'/g)) {
        if (source[match[1]] === undefined) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
