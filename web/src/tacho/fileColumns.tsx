import { Box, IconButton, Tooltip } from '@mui/material';
import BadgeIcon from '@mui/icons-material/Badge';
import DownloadIcon from '@mui/icons-material/Download';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { compareText } from '../common/listSearch';
import { fileSizeKb, isDriverFile, scheduleText } from './fileRules';
import { ScheduleSelect } from './ScheduleSelect';
import { tachoFilePath } from './tachoApi';
import type { Periodicity, TachoFile } from './tachoTypes';

type DateValue = string | number | null;

export interface FileColumnContext {
  t: TFunction;
  date: (value: DateValue) => string;
  dateTime: (value: DateValue) => string;
  canEdit: boolean;
  onSchedule: (file: TachoFile, value: Exclude<Periodicity, 'Custom'>) => void;
  /** Custom chosen: ask for its days */
  onCustom: (file: TachoFile) => void;
}

/** `from – to` in the user's dates; one side alone when the other is unknown. */
export const periodText = (from: string, to: string): string => (from && to ? `${from} – ${to}` : from || to);

/**
 * Document 3 §2: download link (beside the grid's checkbox), entity with its icon by file type, download
 * date, period from-to, days, size in kB, schedule.
 */
export function fileColumns({
  t,
  date,
  dateTime,
  canEdit,
  onSchedule,
  onCustom,
}: FileColumnContext): GridColDef<TachoFile>[] {
  return [
    {
      field: 'filename',
      headerName: '',
      width: 48,
      sortable: false,
      disableExport: true,
      renderCell: ({ row }) => (
        <Tooltip title={`${t('tacho.download')} ${row.filename}`}>
          <IconButton
            size="small"
            component="a"
            href={tachoFilePath(row.id)}
            download={row.filename}
            aria-label={`${t('tacho.download')} ${row.filename}`}
            data-testid="tacho-file-download"
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    {
      field: 'name',
      headerName: t('tacho.entity'),
      flex: 1,
      minWidth: 190,
      sortComparator: compareText,
      renderCell: ({ row }) => {
        const driver = isDriverFile(row);
        const days = row.stale ? (row.stale_days ?? 0) : undefined;
        return (
          <Box
            component="span"
            data-testid="tacho-file-entity"
            data-type={driver ? 'D' : 'V'}
            data-stale={days === undefined ? undefined : days}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}
          >
            <Tooltip title={t(driver ? 'tacho.driverCard' : 'tacho.vehicleUnit')}>
              {driver ? (
                <BadgeIcon fontSize="small" color="primary" data-testid="tacho-file-icon-driver" />
              ) : (
                <LocalShippingIcon fontSize="small" color="action" data-testid="tacho-file-icon-vehicle" />
              )}
            </Tooltip>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {row.name}
            </Box>
            {days !== undefined && (
              <Tooltip title={t(driver ? 'tacho.staleDriver' : 'tacho.staleVehicle', { days })}>
                <WarningAmberIcon fontSize="small" color="warning" data-testid="tacho-file-stale" />
              </Tooltip>
            )}
          </Box>
        );
      },
    },
    {
      field: 'download_date',
      headerName: t('tacho.downloadDate'),
      minWidth: 150,
      flex: 0.7,
      valueFormatter: (value: DateValue) => dateTime(value),
    },
    {
      field: 'data_from',
      headerName: t('tacho.period'),
      minWidth: 190,
      flex: 0.9,
      valueFormatter: (_value: DateValue, row) => periodText(date(row.data_from), date(row.data_to)),
    },
    {
      field: 'days',
      headerName: t('tacho.days'),
      description: t('tacho.daysHint'),
      type: 'number',
      width: 80,
    },
    {
      field: 'file_size',
      headerName: t('tacho.sizeKb'),
      type: 'number',
      width: 125,
      valueFormatter: (value: number) => fileSizeKb(value),
    },
    {
      field: 'periodicity',
      headerName: t('tacho.schedule'),
      minWidth: 140,
      flex: 0.6,
      valueGetter: (_value, row) => scheduleText(t, row),
      renderCell: ({ row }) => (
        <ScheduleSelect
          file={row}
          disabled={!canEdit}
          onChange={(value) => onSchedule(row, value)}
          onCustom={() => onCustom(row)}
        />
      ),
    },
  ];
}
