import { describe, expect, it } from 'vitest';
import type { SummaryRow } from './managementApi';
import { summaryReasons } from './summaryReasons';

const row = (figures: Partial<SummaryRow>): SummaryRow => ({
  id: 1,
  name: 'LD-10-30-AA',
  license_plate: 'LD-10-30-AA',
  group: null,
  total_distance: 10_000,
  total_hours: null,
  maintenance_type: 'manual',
  maintenance_km_next: null,
  maintenance_km_left: null,
  maintenance_hours_next: null,
  maintenance_hours_left: null,
  maintenance_km_days_in_maintenance: null,
  maintenance_days_in_maintenance: null,
  cost_next: null,
  cost_days_left: null,
  document_next: null,
  document_days_left: null,
  ...figures,
});

describe('summary reasons', () => {
  it('gives none for a row far from every limit', () => {
    expect(
      summaryReasons(row({ maintenance_km_left: 5000, maintenance_hours_left: 300, cost_days_left: 30 })),
    ).toEqual([]);
  });

  it('names each figure past due or soon, past due first, with its amount', () => {
    expect(
      summaryReasons(
        row({
          maintenance_km_left: 800,
          maintenance_hours_left: -12,
          cost_days_left: 29,
          document_days_left: -3,
        }),
      ),
    ).toEqual([
      { tone: 'error', key: 'hoursOverdue', values: { count: 12 } },
      { tone: 'error', key: 'documentOverdue', values: { count: 3 } },
      { tone: 'warning', key: 'kmSoon', values: { count: 800 } },
      { tone: 'warning', key: 'costSoon', values: { count: 29 } },
    ]);
  });

  it('puts the workshop first, with its days', () => {
    expect(
      summaryReasons(row({ maintenance_days_in_maintenance: 3, maintenance_km_left: -450 })).map(
        (r) => r.key,
      ),
    ).toEqual(['inMaintenance', 'kmOverdue']);
  });
});
