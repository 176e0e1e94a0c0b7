/** Every standard report: its permission, title, columns (for the docs) and builder. */
import type { Column } from './model';
import type { ReportDef } from './reportDef';
import { TRIP_COLUMNS, tripsReport } from './builders/trips';
import { ACTIVITY_COLUMNS, activityReport } from './builders/activity';
import { SPEEDING_COLUMNS, speedingReport } from './builders/speeding';
import { KM_COLUMNS, kmReport } from './builders/km';
import { monthlyHoursReport, monthlyKmReport } from './builders/monthly';
import { CHART_KM_COLUMNS, chartKmReport } from './builders/chartKm';
import { HOURS_COLUMNS, hoursReport } from './builders/hours';
import { STOP_COLUMNS, stopsReport } from './builders/stops';
import { FUEL_COLUMNS, fuelReport } from './builders/fuel';
import { PTO_COLUMNS, ptoReport } from './builders/pto';
import { ZONE_COLUMNS, zonesReport } from './builders/zones';
import { POSITION_COLUMNS, positionsReport } from './builders/positions';
import { ALERT_COLUMNS, BLOCK_COLUMNS, alertsReport, blockReport } from './builders/alerts';
import {
  ANALYSIS_FLEET_COLUMNS,
  ANALYSIS_MONTH_COLUMNS,
  managementAnalysisReport,
} from './builders/managementAnalysis';
import {
  COST_LIST_COLUMNS,
  COST_TYPE_TOTAL_COLUMNS,
  COST_VEHICLE_TOTALS,
  managementCostListReport,
} from './builders/managementCostList';
import {
  MONTHLY_LITERS_COLUMNS,
  MONTHLY_LITERS_FLEET_COLUMNS,
  monthlyLitersReport,
} from './builders/monthlyLiters';
import { COST_LIMIT } from './request';
import { customReportDefs } from './custom';

export type { OptionKey, ReportDef } from './reportDef';

const MATRIX = 'Veículo, Matrícula, one column per day `DD/MM` (or per month `MM/YYYY` over 31 days), Total';

const tables = (...parts: Array<[string, Column[] | string]>): string =>
  parts
    .map(
      ([name, columns]) =>
        `${name}: ` +
        (typeof columns === 'string' ? columns : columns.map((c) => `${c.title} (${c.type})`).join(', ')),
    )
    .join('; ');

const defs: ReportDef[] = [
  {
    name: 'trips',
    permission: 'reports.trips',
    title: 'Viagens',
    drivers: true,
    options: ['select1', 'select2', 'check1'],
    columns: TRIP_COLUMNS,
    build: tripsReport,
  },
  {
    name: 'activity',
    permission: 'reports.activity',
    title: 'Actividade',
    drivers: true,
    options: ['select2'],
    columns: ACTIVITY_COLUMNS,
    build: activityReport,
  },
  {
    name: 'speeding',
    permission: 'reports.speeding',
    title: 'Excessos de velocidade',
    drivers: true,
    options: ['text1', 'text2', 'check1'],
    columns: SPEEDING_COLUMNS,
    build: speedingReport,
  },
  {
    name: 'km',
    permission: 'reports.km',
    title: 'Quilómetros',
    drivers: false,
    options: [],
    columns: KM_COLUMNS,
    build: kmReport,
  },
  {
    name: 'monthly_km',
    permission: 'reports.monthly_km',
    title: 'Quilómetros mensais',
    drivers: false,
    options: [],
    columns: MATRIX,
    build: monthlyKmReport,
  },
  {
    name: 'chart_km',
    permission: 'reports.chart_km',
    title: 'Gráfico de quilómetros',
    drivers: false,
    options: [],
    columns: CHART_KM_COLUMNS,
    build: chartKmReport,
  },
  {
    name: 'hours',
    permission: 'reports.hours',
    title: 'Horas',
    drivers: false,
    options: [],
    columns: HOURS_COLUMNS,
    build: hoursReport,
  },
  {
    name: 'monthly_hours',
    permission: 'reports.monthly_hours',
    title: 'Horas mensais',
    drivers: false,
    options: [],
    columns: MATRIX,
    build: monthlyHoursReport,
  },
  {
    name: 'stops',
    permission: 'reports.stops',
    title: 'Paragens',
    drivers: false,
    options: ['select1', 'text1'],
    columns: STOP_COLUMNS,
    build: stopsReport,
  },
  {
    name: 'fuel_analysis',
    permission: 'reports.fuel_analysis',
    title: 'Análise de combustível',
    drivers: false,
    options: ['select1', 'text1'],
    columns: FUEL_COLUMNS,
    build: fuelReport,
  },
  {
    name: 'pto',
    permission: 'reports.pto',
    title: 'Tomada de força',
    drivers: false,
    options: [],
    columns: PTO_COLUMNS,
    build: ptoReport,
  },
  {
    name: 'zones',
    permission: 'reports.zones',
    title: 'Zonas',
    drivers: false,
    options: [],
    columns: ZONE_COLUMNS,
    build: zonesReport,
  },
  {
    name: 'positions',
    permission: 'reports.positions',
    title: 'Posições',
    drivers: false,
    options: [],
    columns: POSITION_COLUMNS,
    build: positionsReport,
  },
  {
    name: 'alerts',
    permission: 'reports.alerts',
    title: 'Alertas',
    drivers: false,
    options: [],
    columns: ALERT_COLUMNS,
    build: alertsReport,
  },
  {
    name: 'block',
    permission: 'reports.alerts',
    title: 'Imobilizações',
    drivers: false,
    options: [],
    columns: BLOCK_COLUMNS,
    build: blockReport,
  },
  {
    name: 'management_analysis',
    permission: 'management.analysis',
    title: 'Análise de custos',
    drivers: false,
    options: [],
    columns: tables(
      ['fleet table (one row per vehicle, with cost_chart and data_pie1)', ANALYSIS_FLEET_COLUMNS],
      ['then per vehicle, one row per month', ANALYSIS_MONTH_COLUMNS],
    ),
    limit: COST_LIMIT,
    build: managementAnalysisReport,
  },
  {
    name: 'management_cost_list',
    permission: 'management.cost_list',
    title: 'Lista de custos',
    drivers: false,
    options: [],
    columns: tables(
      ['every cost line', COST_LIST_COLUMNS],
      ['totals per type (with data_pie1)', COST_TYPE_TOTAL_COLUMNS],
      ['totals per vehicle', COST_VEHICLE_TOTALS],
    ),
    limit: COST_LIMIT,
    costTypes: true,
    build: managementCostListReport,
  },
  {
    name: 'monthly_liters',
    permission: 'management.monthly_liters',
    title: 'Litros mensais',
    drivers: false,
    options: [],
    columns: tables(
      ['per vehicle, one row per day', MONTHLY_LITERS_COLUMNS],
      ['then the fleet, one row per vehicle', MONTHLY_LITERS_FLEET_COLUMNS],
    ),
    build: monthlyLitersReport,
  },
];

export const REPORTS: ReadonlyMap<string, ReportDef> = new Map(
  [...defs, ...customReportDefs()].map((d) => [d.name, d]),
);

export function columnsText(def: ReportDef): string {
  return typeof def.columns === 'string'
    ? def.columns
    : def.columns.map((c) => `${c.title} (${c.type}${c.format ? `, ${c.format}` : ''})`).join(', ');
}
