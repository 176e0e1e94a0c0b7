import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepBracketsWhole } from './keepBracketsWhole';

describe('keepBracketsWhole', () => {
  it('keeps a bracketed plate on one line and leaves the rest free to wrap', () => {
    const { container } = render(<div>{keepBracketsWhole('Alunos - Escolar 1 (LD-14-58-EU)')}</div>);
    const kept = container.querySelector('span');
    expect(kept?.textContent).toBe('(LD-14-58-EU)');
    expect(kept?.style.whiteSpace).toBe('nowrap');
    expect(container.textContent).toBe('Alunos - Escolar 1 (LD-14-58-EU)');
  });

  it('leaves other titles as they are', () => {
    expect(keepBracketsWhole('Viana')).toBe('Viana');
    expect(keepBracketsWhole(7)).toBe(7);
  });
});
