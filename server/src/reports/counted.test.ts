import { describe, expect, it } from 'vitest';
import { counted } from './model';

describe('counts in report totals', () => {
  it('names one thing in the singular and none or many in the plural', () => {
    expect(counted(1, 'viagem', 'viagens')).toBe('1 viagem');
    expect(counted(0, 'viagem', 'viagens')).toBe('0 viagens');
    expect(counted(21, 'paragem', 'paragens')).toBe('21 paragens');
  });
});
