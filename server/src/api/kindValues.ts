/**
 * The rule of an entity kind from its checked input to the row values it stores, as the entity API
 * (`entities.ts`) and the settings saves (`settings/linkedSave.ts`) keep them in one table of kinds.
 */
import type { Services } from '../services/context';
import type { Scope } from '../auth/policy';

type Row = Record<string, unknown>;

/**
 * Each kind's rule takes its own schema's output; the input is `never` here so that one table holds the
 * rules of every kind. Call it through `valuesOfParsed`.
 */
export type KindValues = (
  services: Services,
  scope: Scope,
  input: never,
  existing?: Row,
) => Promise<Row> | Row;

/** The kind's values of an input that the same kind's schema parsed (the callers' `parseBody`, `parseInput`). */
export function valuesOfParsed(
  values: KindValues,
  services: Services,
  scope: Scope,
  input: Row,
  existing?: Row,
): Promise<Row> | Row {
  // reason: a table of kinds cannot carry each kind's input type; `input` comes from the kind's own schema
  return values(services, scope, input as never, existing);
}
