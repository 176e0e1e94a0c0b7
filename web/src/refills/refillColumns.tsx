import { Box, IconButton, Tooltip } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { formatNumber } from '../common/formatters';
import type { Format } from '../common/useFormat';
import { SORTABLE_FIELDS } from './refillsQuery';
import { stateOf } from './consumptionTone';
import type { ConsumptionField, Refill } from './refillTypes';

/** Decimals each consumption is shown with (the server rounds L/km to 4, the others to 2). */
const DECIMALS: Record<ConsumptionField, number> = {
  consumption_l100km: 2,
  consumption_lkm: 4,
  consumption_lh: 2,
};

const number = (value: number | null | undefined, decimals = 0) =>
  value === null || value === undefined ? '' : formatNumber(value, decimals);

const SORTABLE = new Set<string>([...SORTABLE_FIELDS, 'cost_date']);

/** The refill centre's columns; only the fields the server orders by are sortable. */
export function centreColumns(
  t: TFunction,
  format: Format,
  open: (refill: Refill) => void,
): GridColDef<Refill>[] {
  const column = (
    field: keyof Refill,
    headerName: string,
    extra: Partial<GridColDef<Refill>> = {},
  ): GridColDef<Refill> => ({
    field,
    headerName,
    minWidth: 110,
    flex: 1,
    sortable: SORTABLE.has(field),
    ...extra,
  });
  const figure = (
    field: keyof Refill,
    headerName: string,
    decimals: number,
    minWidth = 90,
  ): GridColDef<Refill> =>
    column(field, headerName, {
      type: 'number',
      minWidth,
      valueFormatter: (value: number | null) => number(value, decimals),
    });
  const consumption = (field: ConsumptionField, headerName: string): GridColDef<Refill> =>
    column(field, headerName, {
      type: 'number',
      minWidth: 90,
      valueFormatter: (value: number | null) => number(value, DECIMALS[field]),
      renderCell: ({ row, formattedValue }: GridRenderCellParams<Refill>) => (
        <Box
          component="span"
          data-testid="refill-consumption-cell"
          data-field={field}
          data-state={stateOf(row, field) ?? ''}
        >
          {formattedValue as string}
        </Box>
      ),
    });
  return [
    {
      field: 'open',
      headerName: '',
      width: 52,
      sortable: false,
      disableExport: true,
      renderCell: ({ row, tabIndex }) => (
        <Tooltip title={t('refills.details')}>
          <IconButton
            size="small"
            onClick={() => open(row)}
            tabIndex={tabIndex}
            aria-label={t('refills.details')}
            data-testid="refill-open"
          >
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    column('cost_date', t('refills.date'), {
      minWidth: 170,
      valueFormatter: (_value: string, row: Refill) => format.dateTime(row.costDate),
    }),
    column('deviceName', t('refills.vehicle'), { minWidth: 175 }),
    column('deviceLicensePlate', t('refills.plate'), { minWidth: 125 }),
    figure('litres', t('refills.litres'), 2),
    consumption('consumption_l100km', t('refills.l100km')),
    consumption('consumption_lkm', t('refills.lkm')),
    consumption('consumption_lh', t('refills.lh')),
    column('cost', t('refills.cost'), {
      type: 'number',
      minWidth: 130,
      valueFormatter: (value: number) => format.currency(value),
    }),
    figure('km', t('refills.km'), 0),
    figure('delta_km', t('refills.deltaKm'), 0, 140),
    figure('hours', t('refills.hours'), 1),
    figure('delta_hours', t('refills.deltaHours'), 1, 150),
    column('fuelType', t('refills.fuelLabel'), {
      minWidth: 100,
      valueFormatter: (value: string) => (value ? t(`refills.fuel.${value}`) : ''),
    }),
    column('type', t('refills.typeLabel'), {
      minWidth: 80,
      flex: 0.5,
      valueFormatter: (value: string) => t(`refills.type.${value}`),
    }),
    column('driverName', t('refills.driver'), { minWidth: 130 }),
    column('operatorName', t('refills.operator'), { minWidth: 130 }),
    column('siteName', t('refills.site'), { minWidth: 130 }),
  ];
}
