/**
 * Report contents in the reader's language (issue 36): every title, subtitle, column, footer, pie label and
 * text cell goes through one translator built from the language's catalogue. Portuguese keeps its texts and
 * only writes numbers of the known phrases in its own format ("Total: 2552.5 km" → "Total: 2552,5 km").
 */
import { formatNumberIn, interfaceLanguage, type InterfaceLanguage } from '@frota/core';
import { PLACEHOLDER, type ReportCatalogue } from './catalogue';
import en from './languages/en';
import es from './languages/es';
import fr from './languages/fr';
import ar from './languages/ar';

const CATALOGUES: Record<Exclude<InterfaceLanguage, 'pt'>, ReportCatalogue> = { en, es, fr, ar };

/** Every key the catalogues share (the English one is the list; the i18n test holds the others to it). */
export const REPORT_MESSAGE_IDS: readonly string[] = Object.keys(en);

const NUMBER = '(-?\\d[\\d\\u00a0\\u202f ]*(?:[.,]\\d+)?)';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Template {
  regex: RegExp;
  kinds: string[];
  /** the longest piece of fixed text: a cheap test before the expression */
  anchor: string;
  /** the translation cut at its placeholders: pieces.length === kinds.length + 1 */
  pieces: string[];
  literalLength: number;
  /** only punctuation between its placeholders ("{s} - {s}", "{s} · {s}"): known only when its parts are */
  joiner: boolean;
}

function compile(key: string, value: string): Template {
  const kinds = key.match(PLACEHOLDER)?.map((p) => p[1]!) ?? [];
  const literals = key.split(PLACEHOLDER);
  const source = literals
    .map((lit, i) => escape(lit) + (i < kinds.length ? (kinds[i] === 'n' ? NUMBER : '(.+?)') : ''))
    .join('');
  return {
    regex: new RegExp(`^${source}$`, 's'),
    kinds,
    anchor: literals.reduce((a, b) => (b.length > a.length ? b : a), ''),
    pieces: value.split(PLACEHOLDER),
    literalLength: literals.join('').length,
    joiner: !/\p{L}/u.test(literals.join('')),
  };
}

/** A number as a builder wrote it ("2552.5", "678 628,00") and its count of decimals. */
function readNumber(text: string): { value: number; decimals: number } | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const value = Number(compact);
  if (!Number.isFinite(value)) return null;
  const point = compact.indexOf('.');
  return { value, decimals: point < 0 ? 0 : compact.length - point - 1 };
}

export interface ReportTranslator {
  language: InterfaceLanguage;
  /** `text` in the reader's language; unknown texts (names, addresses) come back as they are */
  text(text: string): string;
  /**
   * whether `text` is a known phrase, names aside ("Matrícula: {s}" with any plate); a joined text
   * ("A · B") only when each of its parts is (the tests hold every fixed text of every report to this)
   */
  knows(text: string): boolean;
}

const translators = new Map<InterfaceLanguage, ReportTranslator>();

/** The translator of a user's `language` attribute (Portuguese when missing or unknown). */
export function reportTranslator(languageAttribute: unknown): ReportTranslator {
  const language = interfaceLanguage(languageAttribute);
  let t = translators.get(language);
  if (!t) {
    t = buildTranslator(language);
    translators.set(language, t);
  }
  return t;
}

function buildTranslator(language: InterfaceLanguage): ReportTranslator {
  const catalogue: ReportCatalogue =
    language === 'pt' ? Object.fromEntries(REPORT_MESSAGE_IDS.map((k) => [k, k])) : CATALOGUES[language];
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [key, value] of Object.entries(catalogue)) {
    if (PLACEHOLDER.test(key)) templates.push(compile(key, value));
    else exact.set(key, value);
    PLACEHOLDER.lastIndex = 0;
  }
  // the most specific phrase first ("{n} km/h (limite {n} km/h) · {s}" before "{s} · {s}")
  templates.sort((a, b) => b.literalLength - a.literalLength);

  interface Found {
    text: string;
    known: boolean;
  }
  const cache = new Map<string, Found | null>();
  const lookup = (text: string, depth: number): Found | null => {
    const hit = exact.get(text);
    if (hit !== undefined) return { text: hit, known: true };
    if (depth > 8) return null;
    const cached = cache.get(text);
    if (cached !== undefined) return cached;
    let out: Found | null = null;
    for (const t of templates) {
      if (!text.includes(t.anchor)) continue;
      const m = t.regex.exec(text);
      if (!m) continue;
      let translated = t.pieces[0]!;
      let partsKnown = true;
      for (let i = 0; i < t.kinds.length; i++) {
        const part = fill(t.kinds[i]!, m[i + 1]!, depth);
        translated += part.text + t.pieces[i + 1]!;
        partsKnown &&= part.known;
      }
      const found = { text: translated, known: !t.joiner || partsKnown };
      out ??= found;
      // a joiner that cut a known phrase ("… · Pontuação: 100 - (…)" at " - ") gives way to the next one
      if (found.known) {
        out = found;
        break;
      }
    }
    // the cache stays small: fixed phrases and the distinct values of a run's cells
    if (cache.size > 50_000) cache.clear();
    cache.set(text, out);
    return out;
  };
  const fill = (kind: string, part: string, depth: number): Found => {
    if (kind === 'n') {
      const n = readNumber(part);
      return { text: n ? formatNumberIn(language, n.value, n.decimals) : part, known: true };
    }
    if (kind === 'l') {
      const items = part.split(', ').map((item) => lookup(item, depth + 1) ?? { text: item, known: false });
      return { text: items.map((i) => i.text).join(', '), known: items.every((i) => i.known) };
    }
    return lookup(part, depth + 1) ?? { text: part, known: !/\p{L}{2}/u.test(part) };
  };
  return {
    language,
    text: (text) => lookup(text, 0)?.text ?? text,
    knows: (text) => lookup(text, 0)?.known ?? false,
  };
}
