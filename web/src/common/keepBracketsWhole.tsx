import type { ReactNode } from 'react';

/**
 * A title's bracketed parts kept on one line: "Alunos - Escolar 1 (LD-14-58-EU)" may wrap before the
 * plate, not inside it at a hyphen ("(LD-14-58-" / "EU)").
 */
export function keepBracketsWhole(node: ReactNode): ReactNode {
  if (typeof node !== 'string' || !node.includes('(')) return node;
  return node.split(/(\([^()]*\))/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
