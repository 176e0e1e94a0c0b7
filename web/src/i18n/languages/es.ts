/**
 * The whole interface table of one language: its own chunk (with the menus' texts, which the login page
 * never shows).
 */
import shell from '../es.json';
import menus from '../menus/es.json';
import { mergeTables, type Table } from '../mergeTables';

export default mergeTables(
  { ...shell, ...menus },
  import.meta.glob<{ default: Table }>('../../*/i18n/es.json', { eager: true }),
);
