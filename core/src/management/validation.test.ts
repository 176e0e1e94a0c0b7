import { describe, expect, it } from 'vitest';
import { validateCost, validateDocument, validateMaintenance } from './validation';

const message = (r: { ok: boolean; message?: string }) => (r.ok ? 'ok' : r.message);

describe('maintenance validation (document 3 §5)', () => {
  const good = { date_start: '2026-03-01', complete: 0, description: 'Revisão', km: '15000' };
  it('accepts an open entry and converts decimal commas', () => {
    const r = validateMaintenance({ ...good, cost: '1.250,50', periodicity_km: '15000', hours: '12,5' });
    expect(r).toMatchObject({
      ok: true,
      value: { km: 15000, cost: 1250.5, periodicityKm: 15000, hours: 12.5, dateEnd: null, complete: 0 },
    });
  });
  it('answers the Portuguese messages', () => {
    expect(message(validateMaintenance({ ...good, km: '' }))).toBe('Deve indicar os km');
    expect(message(validateMaintenance({ ...good, km: 'muito' }))).toBe('Os km devem ser numéricos');
    expect(message(validateMaintenance({ ...good, description: ' ' }))).toBe('Deve indicar a descrição');
    expect(message(validateMaintenance({ ...good, date_start: '' }))).toBe('Deve indicar a data de início');
    expect(message(validateMaintenance({ ...good, complete: 1 }))).toBe('Deve indicar a data de fim');
    expect(message(validateMaintenance({ ...good, complete: 1, date_end: '2026-02-01' }))).toBe(
      'A data de fim não pode ser anterior à data de início',
    );
    expect(message(validateMaintenance({ ...good, cost: '12a' }))).toBe('O custo deve ser numérico');
    expect(message(validateMaintenance({ ...good, periodicity_km: 'x' }))).toBe(
      'A periodicidade deve ser numérica',
    );
    expect(message(validateMaintenance({ ...good, hours: 'x' }))).toBe('As horas devem ser numéricas');
  });
  it('keeps the end date only when complete', () => {
    const done = validateMaintenance({ ...good, complete: true, date_end: '2026-03-02' });
    expect(done).toMatchObject({ ok: true, value: { complete: 1, dateEnd: '2026-03-02' } });
    const open = validateMaintenance({ ...good, complete: 0, date_end: '2026-03-02' });
    expect(open).toMatchObject({ ok: true, value: { complete: 0, dateEnd: null } });
  });
});

describe('cost validation', () => {
  const good = { cost_date: '2026-01-10', cost_type: 'insurance', designation: 'Seguro', cost: '350.000,00' };
  it('accepts a cost with expiry and a decimal comma', () => {
    const r = validateCost({ ...good, warning: 1, expiry_date: '2027-01-10' });
    expect(r).toMatchObject({ ok: true, value: { cost: 350000, warning: 1, expiryDate: '2027-01-10' } });
    expect(validateCost({ ...good, warning: 0, expiry_date: '2027-01-10' })).toMatchObject({
      ok: true,
      value: { expiryDate: null },
    });
    expect(validateCost({ ...good, designation: undefined, description: 'Via description' })).toMatchObject({
      ok: true,
      value: { designation: 'Via description' },
    });
  });
  it('answers the Portuguese messages', () => {
    expect(message(validateCost({ ...good, cost: '' }))).toBe('Deve indicar o custo');
    expect(message(validateCost({ ...good, cost: 'caro' }))).toBe('O custo deve ser numérico');
    expect(message(validateCost({ ...good, designation: '' }))).toBe('Deve indicar a descrição');
    expect(message(validateCost({ ...good, cost_date: '' }))).toBe('Deve indicar a data');
    expect(message(validateCost({ ...good, cost_type: 'maintenance' }))).toBe('Deve indicar o tipo de custo');
    expect(message(validateCost({ ...good, warning: 1 }))).toBe('Deve indicar a data de validade');
  });
});

describe('document validation', () => {
  const good = { designation: 'Apólice', document_type: 'insurance', warning: 0 };
  it('answers the Portuguese messages', () => {
    expect(validateDocument(good)).toMatchObject({ ok: true, value: { expiryDate: null, dateStart: null } });
    expect(message(validateDocument({ ...good, designation: '' }))).toBe('Deve indicar a descrição');
    expect(message(validateDocument({ ...good, document_type: 'passport' }))).toBe(
      'Deve indicar o tipo de documento',
    );
    expect(message(validateDocument({ ...good, warning: '1' }))).toBe('Deve indicar a data de validade');
  });
});
