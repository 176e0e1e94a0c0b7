/**
 * The whole interface table of one language: its own chunk (with the menus' texts, which the login page
 * never shows).
 */
import shell from '../en.json';
import menus from '../menus/en.json';
import { mergeTables, type Table } from '../mergeTables';

export default mergeTables(
  { ...shell, ...menus },
  import.meta.glob<{ default: Table }>('../../*/i18n/en.json', { eager: true }),
);
