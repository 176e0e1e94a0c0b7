/**
 * The whole interface table of one language: its own chunk (with the menus' texts, which the login page
 * never shows).
 */
import shell from '../fr.json';
import menus from '../menus/fr.json';
import { mergeTables, type Table } from '../mergeTables';

export default mergeTables(
  { ...shell, ...menus },
  import.meta.glob<{ default: Table }>('../../*/i18n/fr.json', { eager: true }),
);
