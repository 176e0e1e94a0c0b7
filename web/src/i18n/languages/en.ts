/** The whole interface table of one language: its own chunk. */
import shell from '../en.json';
import { mergeTables, type Table } from '../tables';

export default mergeTables(
  shell,
  import.meta.glob<{ default: Table }>('../../*/i18n/en.json', { eager: true }),
);
