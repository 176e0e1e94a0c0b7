/**
 * Lista de custos (management_cost_list): every cost line of the chosen types (maintenance entries,
 * refills and costs) in the period, then the totals per type (with their pie) and per vehicle, so the list
 * goes to the accountant as one spreadsheet.
 */
import { counted, col, round, table, type Cell, type Column, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { periodText } from './common';
import { COST_LABELS, costLines, costPie, money, totalsByType } from './costLines';

export const COST_LIST_COLUMNS: Column[] = [
  col('Data', 'date'),
  col('Veículo'),
  col('Matrícula'),
  col('Tipo'),
  col('Descrição'),
  col('Entidade'),
  col('Factura'),
  col('Km', 'integer'),
  col('Litros', 'number'),
  col('Valor', 'number', 'currency'),
];

export const COST_TYPE_TOTAL_COLUMNS: Column[] = [
  col('Tipo'),
  col('Linhas', 'integer'),
  col('Valor', 'number', 'currency'),
  col('Percentagem (%)', 'number'),
];

/** Per vehicle: Veículo, Matrícula, one column per chosen type (named as the type), Total. */
export const COST_VEHICLE_TOTALS =
  'Veículo, Matrícula, one currency column per chosen cost type (Manutenção, Abastecimento, Seguro, Licença, Imposto, Limpeza, Outro), Total';

const dayText = (key: string): string => `${key.slice(8, 10)}/${key.slice(5, 7)}/${key.slice(0, 4)}`;

export async function managementCostListReport(ctx: ReportContext): Promise<ReportResult[]> {
  const types = ctx.request.costTypes;
  const lines = await costLines(ctx, types);
  if (!lines.length) return [];
  const vehicles = new Map(ctx.vehicles.map((v) => [v.id, v]));
  const subtitle = periodText(ctx);
  const typesText = `Tipos de custo: ${types.map((t) => COST_LABELS[t]).join(', ')}`;
  const total = lines.reduce((s, l) => s + l.cost, 0);

  const list = table({
    report: 'management_cost_list',
    title: 'Lista de custos',
    subtitle,
    subtitle2: counted(ctx.vehicles.length, 'veículo', 'veículos'),
    subtitle3: typesText,
    columns: COST_LIST_COLUMNS,
    data: lines.map((l): Cell[] => {
      const v = vehicles.get(l.deviceId)!;
      return [
        dayText(l.date),
        v.name,
        v.plate,
        COST_LABELS[l.type],
        l.description,
        l.entity,
        l.invoice,
        l.km === null ? null : Math.round(l.km),
        l.litres === null ? null : round(l.litres, 2),
        money(l.cost),
      ];
    }),
    footer: [
      [
        'Total',
        '',
        '',
        counted(lines.length, 'linha', 'linhas'),
        '',
        '',
        '',
        null,
        round(
          lines.reduce((s, l) => s + (l.litres ?? 0), 0),
          2,
        ),
        money(total),
      ],
    ],
  });

  const byType = totalsByType(lines, types);
  const typeTotals = table({
    report: 'management_cost_list',
    title: 'Totais por tipo de custo',
    subtitle,
    subtitle3: typesText,
    columns: COST_TYPE_TOTAL_COLUMNS,
    data: types.map((t) => [
      COST_LABELS[t],
      lines.filter((l) => l.type === t).length,
      money(byType.get(t) ?? 0),
      total > 0 ? round(((byType.get(t) ?? 0) / total) * 100, 1) : 0,
    ]),
    footer: [['Total', lines.length, money(total), total > 0 ? 100 : 0]],
    pie: costPie(byType),
  });

  const vehicleColumns: Column[] = [
    col('Veículo'),
    col('Matrícula'),
    ...types.map((t) => col(COST_LABELS[t], 'number', 'currency')),
    col('Total', 'number', 'currency'),
  ];
  const vehicleRows = ctx.vehicles.map((v): Cell[] => {
    const own = totalsByType(
      lines.filter((l) => l.deviceId === v.id),
      types,
    );
    const sum = [...own.values()].reduce((s, x) => s + x, 0);
    return [v.name, v.plate, ...types.map((t) => money(own.get(t) ?? 0)), money(sum)];
  });
  const vehicleTotals = table({
    report: 'management_cost_list',
    title: 'Totais por veículo',
    subtitle,
    subtitle3: typesText,
    columns: vehicleColumns,
    data: vehicleRows,
    footer: [['Total', '', ...types.map((t) => money(byType.get(t) ?? 0)), money(total)]],
  });
  return [list, typeTotals, vehicleTotals];
}
