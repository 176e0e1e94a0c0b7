import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ensureLanguage } from '../app/i18n';
import { pluralForm } from '../common/plural';
import { reasonText } from './summaryColumns';

const overdue = (count: number) => ({ tone: 'error' as const, key: 'costOverdue', values: { count } });

describe('reasons in days', () => {
  it('take the plural form each language has', async () => {
    await ensureLanguage('ar');
    const pt = i18n.getFixedT('pt');
    expect(reasonText(pt, overdue(1), 'pt')).toBe('Custo expirado há 1 dia');
    expect(reasonText(pt, overdue(5), 'pt')).toBe('Custo expirado há 5 dias');
    const ar = i18n.getFixedT('ar');
    expect([1, 2, 5, 12, 100].map((n) => reasonText(ar, overdue(n), 'ar'))).toEqual([
      'انتهت صلاحية التكلفة منذ يوم واحد',
      'انتهت صلاحية التكلفة منذ يومان',
      'انتهت صلاحية التكلفة منذ 5 أيام',
      'انتهت صلاحية التكلفة منذ 12 يومًا',
      'انتهت صلاحية التكلفة منذ 100 يوم',
    ]);
    expect([0, 1, 2, 3, 11, 100].map((n) => pluralForm(n, 'ar'))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
  });
});
