import type { DddRefusal } from './types';

/** Portuguese texts of the refusals (the product's first language; translations key on the reason). */
export const DDD_MESSAGES: Record<DddRefusal, string> = {
  empty: 'O ficheiro está vazio',
  notTachograph: 'O ficheiro não é um ficheiro de tacógrafo válido',
  truncated: 'O ficheiro de tacógrafo está incompleto ou danificado',
  notDriverCard: 'O ficheiro é de um cartão de tacógrafo que não é de condutor',
};

/** Thrown inside the reader; `readDdd` turns it into a refusal. */
export class DddError extends Error {
  constructor(
    readonly reason: DddRefusal,
    detail?: string,
  ) {
    super(detail ? `${DDD_MESSAGES[reason]}: ${detail}` : DDD_MESSAGES[reason]);
  }
}
