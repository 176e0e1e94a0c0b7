import { describe, expect, it } from 'vitest';
import { assertReportOffered } from './runner';

describe('vehicle-gated reports on the server', () => {
  const car = (name: string, extra: { phone?: string; attributes?: Record<string, unknown> }) => ({
    name,
    phone: extra.phone ?? null,
    attributes: extra.attributes ?? {},
  });

  it('runs eco driving and rag only for vehicles that offer them (canbus and flag, or a 213 phone)', () => {
    const eco = car('Eco', { attributes: { has_canbus: 1, has_eco_driving: 1 } });
    const phone = car('Telefone', { phone: '213555' });
    const plain = car('Simples', { attributes: { has_canbus: 1 } });
    expect(() => assertReportOffered('eco_driving', [eco, phone])).not.toThrow();
    expect(() => assertReportOffered('rag', [phone])).not.toThrow();
    expect(() => assertReportOffered('rag', [eco])).toThrow('Relatório não disponível para o veículo Eco');
    expect(() => assertReportOffered('eco_driving', [eco, plain])).toThrow(
      'Relatório não disponível para o veículo Simples',
    );
  });

  it('lets every other report run for any vehicle', () => {
    expect(() => assertReportOffered('trips', [car('Simples', {})])).not.toThrow();
  });
});
