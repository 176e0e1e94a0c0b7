/** The whole interface table of one language: its own chunk. */
import shell from '../es.json';
import { mergeTables, type Table } from '../tables';

export default mergeTables(
  shell,
  import.meta.glob<{ default: Table }>('../../*/i18n/es.json', { eager: true }),
);
