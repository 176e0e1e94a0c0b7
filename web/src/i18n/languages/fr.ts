/** The whole interface table of one language: its own chunk. */
import shell from '../fr.json';
import { mergeTables, type Table } from '../tables';

export default mergeTables(
  shell,
  import.meta.glob<{ default: Table }>('../../*/i18n/fr.json', { eager: true }),
);
