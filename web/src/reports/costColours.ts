/**
 * One colour per cost type (document 2 §2.2 order), the same as the PDF's bars, so the monthly cost bars,
 * the pies and the legends of the management reports agree.
 */
import { COST_TYPES } from './reportDefs';

export const COST_COLOURS = ['#1565c0', '#ef6c00', '#2e7d32', '#6a1b9a', '#c62828', '#00838f', '#757575'];

/** The server's Portuguese names of the cost types (server/src/reports/REPORTS.md §5), in the same order. */
const COST_NAMES = ['Manutenção', 'Abastecimento', 'Seguro', 'Licença', 'Imposto', 'Limpeza', 'Outro'];

/** The colour of a cost type by its key. */
export const costColour = (key: string): string =>
  COST_COLOURS[Math.max(0, (COST_TYPES as readonly string[]).indexOf(key)) % COST_COLOURS.length];

/** The colour of a pie slice named after a cost type; undefined for any other name. */
export function costColourOfName(name: string): string | undefined {
  const i = COST_NAMES.indexOf(name);
  return i < 0 ? undefined : COST_COLOURS[i];
}
