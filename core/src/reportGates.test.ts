import { describe, expect, it } from 'vitest';
import { deviceOffersReport, reportOffered } from './reportGates';

describe('vehicle-gated reports (document 2 §2.1, both readings)', () => {
  it('offers eco driving with canbus and the eco-driving flag, rag with canbus and the RAG flag', () => {
    const eco = { attributes: { has_canbus: 1, has_eco_driving: true } };
    expect(deviceOffersReport(eco, 'eco_driving')).toBe(true);
    expect(deviceOffersReport(eco, 'rag')).toBe(false);
    expect(deviceOffersReport({ attributes: { has_canbus: '1', has_rag: '1' } }, 'rag')).toBe(true);
    expect(deviceOffersReport({ attributes: { has_eco_driving: true } }, 'eco_driving')).toBe(false);
    expect(deviceOffersReport({ attributes: { has_canbus: true } }, 'eco_driving')).toBe(false);
  });
  it('offers both to a vehicle whose phone starts with 213', () => {
    for (const phone of ['213456789', '+213 456', ' 2130'])
      for (const report of ['eco_driving', 'rag'] as const)
        expect(deviceOffersReport({ phone, attributes: {} }, report), phone).toBe(true);
    expect(deviceOffersReport({ phone: '912213000' }, 'rag')).toBe(false);
    expect(deviceOffersReport({ phone: null }, 'rag')).toBe(false);
  });
  it('offers ungated reports always, gated ones when any vehicle offers them', () => {
    expect(reportOffered('trips', [])).toBe(true);
    expect(reportOffered('rag', [])).toBe(false);
    expect(reportOffered('rag', [{ phone: '1' }, { phone: '2139' }])).toBe(true);
  });
});
