import { describe, expect, it } from 'vitest';
import { costColour, costColourOfName, COST_COLOURS } from './costColours';
import { REPORT_DEFS } from './reportDefs';
import { checkForm, formPeriod, initialForm, reportBody } from './reportForm';
import { tableModel } from './resultModel';

const NOW = new Date('2026-04-15T10:00:00Z');
const start = (name: string) => ({ ...initialForm(REPORT_DEFS[name], '2026-04', []), devices: [3, 4] });

describe('management report screens (document 3 §2, document 2 §2.2)', () => {
  it('cost analysis and cost list start on the current year and send it as from/to', () => {
    for (const name of ['management_analysis', 'management_cost_list']) {
      const def = REPORT_DEFS[name];
      const form = start(name);
      expect(form.period).toEqual({ preset: 'year', year: 2026 });
      const period = formPeriod(
        def,
        { ...form, period: { preset: 'year', year: 2024 } },
        'Africa/Luanda',
        NOW,
      )!;
      expect(period).toEqual({ from: '2024-01-01 00:00:00', to: '2024-12-31 23:59:59' });
      const body = reportBody(def, form, period, 'json');
      expect(body).toMatchObject({ devices: [3, 4], itemsType: 'V', from: period.from, to: period.to });
      expect(body.month).toBe('');
    }
  });

  it('only the cost list sends the cost type checkboxes', () => {
    const period = { from: '2025-01-01 00:00:00', to: '2025-12-31 23:59:59' };
    const list = REPORT_DEFS.management_cost_list;
    expect(reportBody(list, start('management_cost_list'), period, 'excel').cost_types).toEqual([
      'maintenance',
      'refill',
      'insurance',
      'license',
      'tax',
      'cleaning',
      'other',
    ]);
    const chosen = { ...start('management_cost_list'), costTypes: ['refill', 'tax'] };
    expect(reportBody(list, chosen, period, 'json').cost_types).toEqual(['refill', 'tax']);
    expect(
      reportBody(REPORT_DEFS.management_analysis, start('management_analysis'), period, 'json').cost_types,
    ).toEqual([]);
  });

  it('asks for a cost type when none is ticked (none would be every type on the server)', () => {
    const period = { from: '2025-01-01 00:00:00', to: '2025-12-31 23:59:59' };
    const none = { ...start('management_cost_list'), costTypes: [] };
    expect(checkForm(REPORT_DEFS.management_cost_list, none, period)).toEqual({
      key: 'reports.selectCostTypes',
    });
    expect(checkForm(REPORT_DEFS.management_analysis, { ...none }, period)).toBeNull();
  });

  it('cost reports allow ten years (3650 days) with one vehicle or many, not a day more', () => {
    const def = REPORT_DEFS.management_cost_list;
    const tenYears = { from: '2016-01-04 00:00:00', to: '2025-12-31 23:59:59' };
    expect(checkForm(def, start('management_cost_list'), tenYears)).toBeNull();
    const longer = { ...tenYears, from: '2016-01-03 00:00:00' };
    const one = { ...start('management_cost_list'), devices: [3] };
    expect(checkForm(def, one, longer)).toEqual({ key: 'reports.maxPeriod', values: { days: 3650 } });
    // a year with several vehicles is fine (the standard 31-day rule does not apply)
    const year = { from: '2025-01-01 00:00:00', to: '2025-12-31 23:59:59' };
    expect(checkForm(REPORT_DEFS.management_analysis, start('management_analysis'), year)).toBeNull();
  });

  it('monthly litres takes one of the last 24 months', () => {
    const def = REPORT_DEFS.monthly_liters;
    const form = { ...start('monthly_liters'), month: '2025-02' };
    const period = formPeriod(def, form, 'Africa/Luanda', NOW)!;
    expect(period).toEqual({ from: '2025-02-01 00:00:00', to: '2025-02-28 23:59:59' });
    expect(reportBody(def, form, period, 'json')).toMatchObject({ month: '2025-02', cost_types: [] });
    // several vehicles keep the standard 31-day rule; a month is within it
    expect(checkForm(def, form, period)).toBeNull();
  });

  it('reads the monthly cost chart of the analysis; a result without one has none', () => {
    const chart = {
      series: [{ key: 'refill', label: 'Abastecimento' }],
      data: [{ month: '2025-03', total: 9600, costs: { refill: 9600 } }],
    };
    expect(tableModel({ title: 'Análise de custos - Frota', cost_chart: chart }).costChart).toEqual(chart);
    expect(tableModel({ title: 'Lista de custos' }).costChart).toBeNull();
  });

  it('colours a cost type the same in the bars and the pies', () => {
    expect(costColour('maintenance')).toBe(COST_COLOURS[0]);
    expect(costColour('refill')).toBe(COST_COLOURS[1]);
    expect(costColourOfName('Abastecimento')).toBe(costColour('refill'));
    expect(costColourOfName('Outro')).toBe(costColour('other'));
    expect(costColourOfName('Condução')).toBeUndefined();
  });
});
