import { useCallback, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getJson, sendJson } from '../api/client';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { useFormat } from '../common/useFormat';
import { reportQueryKeys, SCHEDULER_PATH } from './reportData';
import type { Schedule } from './scheduleForm';
import { scheduleType } from './scheduleTypes';

type Row = Schedule & { id: number };

/** /report/schedules: the scheduled reports (document 2 §2.5). */
export function SchedulesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const schedules = useQuery({
    queryKey: reportQueryKeys.schedules,
    queryFn: () => getJson<Row[]>(SCHEDULER_PATH),
  });

  const typeLabel = useCallback(
    (type: string) => t(`route.report_${scheduleType(type)?.type ?? type}`, { defaultValue: type }),
    [t],
  );
  const periodicityLabel = useCallback(
    (row: Row) => {
      if (row.report_periodicity === 'D') return t('reports.daily');
      if (row.report_periodicity === 'W')
        return `${t('reports.weekly')} (${t(`reports.weekday.${row.report_day ?? 1}`)})`;
      return `${t('reports.monthly')} (${t('reports.dayOfMonth', { day: row.report_day ?? 1 })})`;
    },
    [t],
  );

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'report_name', headerName: t('name'), flex: 1.6, minWidth: 240, sortComparator: compareText },
      {
        field: 'report_type',
        headerName: t('reports.reportType'),
        flex: 0.8,
        minWidth: 150,
        valueGetter: (_, row) => typeLabel(row.report_type),
        sortComparator: compareText,
      },
      {
        field: 'report_periodicity',
        headerName: t('reports.periodicity'),
        flex: 0.8,
        // "Semanal (Segunda-feira)" whole
        minWidth: 210,
        valueGetter: (_, row) => periodicityLabel(row),
      },
      {
        field: 'report_format',
        headerName: t('reports.fileFormat'),
        width: 90,
        valueGetter: (_, row) =>
          t(`reports.format.${row.report_format}`, { defaultValue: row.report_format }),
      },
      {
        field: 'report_destination',
        headerName: t('reports.recipients'),
        flex: 1,
        minWidth: 200,
        valueGetter: (_, row) =>
          String(row.report_destination ?? '')
            .split(',')
            .join(', '),
      },
      {
        field: 'last_run',
        headerName: t('reports.lastRun'),
        width: 170,
        valueFormatter: (value: string | null) => format.dateTime(value),
      },
      {
        field: 'last_status',
        headerName: t('reports.lastStatus'),
        width: 160,
        valueGetter: (_, row) =>
          row.last_status === 'sent'
            ? t('reports.statusSent')
            : (row.last_status ?? (row.last_run ? '' : t('reports.statusNever'))),
      },
    ],
    [t, typeLabel, periodicityLabel, format],
  );

  const remove = useCallback(
    async (row: Row) => {
      await sendJson('DELETE', `${SCHEDULER_PATH}/${row.id}`);
      await queryClient.invalidateQueries({ queryKey: reportQueryKeys.schedules });
    },
    [queryClient],
  );

  return (
    <DataList
      title={t('route.report_schedules')}
      rows={schedules.data}
      columns={columns}
      loading={schedules.isLoading}
      exportName="Schedules"
      editPath="/report/schedule"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.report_name}
      searchTexts={(row) => [row.report_name, typeLabel(row.report_type), row.report_destination]}
      initialSort={[{ field: 'report_name', sort: 'asc' }]}
    />
  );
}
