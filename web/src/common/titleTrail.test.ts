import { describe, expect, it } from 'vitest';
import { titleTrail } from './titleTrail';

describe('titleTrail', () => {
  it('joins the places with the separator pointing the way the language reads', () => {
    expect(titleTrail(['Custos', 'LD-10-30-AA', 'Adicionar'], false)).toBe(
      'Custos > LD-10-30-AA > Adicionar',
    );
    expect(titleTrail(['التكاليف', 'LD-10-30-AA', 'إضافة'], true)).toBe('التكاليف < LD-10-30-AA < إضافة');
  });

  it('leaves out missing places', () => {
    expect(titleTrail(['Custos', undefined, '', 'Editar'], false)).toBe('Custos > Editar');
  });
});
