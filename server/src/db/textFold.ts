/**
 * Search without accents or case, the same on both databases: "joao" finds "João", "lubango se" finds
 * "Lubango Sé". The text is folded in JavaScript; a column is folded by SQL (SQLite: the `frota_fold`
 * function each connection registers; PostgreSQL: `translate(lower(…))` over the accented letters of the
 * product's languages).
 */
import { sql, type Expression, type RawBuilder } from 'kysely';

/** Lower case without diacritics (NFD, marks dropped). */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const ACCENTED = 'áàâãäåāéèêëēíìîïīóòôõöōúùûüūçñýÿÁÀÂÃÄÅĀÉÈÊËĒÍÌÎÏĪÓÒÔÕÖŌÚÙÛÜŪÇÑÝ';
/** each accented letter's plain one, in the same places */
const PLAIN = [...ACCENTED].map(foldText).join('');

export const SQLITE_FOLD_FUNCTION = 'frota_fold';

/** A text column (or expression) folded by the database, to compare with `like` and a folded pattern. */
export function foldedColumn(
  dialect: 'sqlite' | 'postgres',
  column: Expression<unknown>,
): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`${sql.raw(SQLITE_FOLD_FUNCTION)}(${column})`
    : sql<string>`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
}

/** `%text%` for `like … escape '\'`, the text folded and its wildcards escaped. */
export const foldedLike = (text: string): string => `%${foldText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
