/** The whole interface table of one language: its own chunk. */
import shell from '../pt.json';
import { mergeTables, type Table } from '../tables';

export default mergeTables(
  shell,
  import.meta.glob<{ default: Table }>('../../*/i18n/pt.json', { eager: true }),
);
