import { useMemo } from 'react';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataList } from '../common/DataList';
import { TachoLegend } from './TachoLegend';
import { useFormat } from '../common/useFormat';
import { driverColumns } from './driverColumns';
import { driverSearchTexts, toDriverRow, type TachoDriverRow } from './driverRows';
import { fetchTachoDrivers, tachoKeys } from './tachoApi';
import { TACHO_PAGE_SIZE, TACHO_ROW_HEIGHT } from './tachoGrid';

/** The counters' headers are long: two lines of a smaller type fit the compact header. */
const WRAPPED_HEADERS = {
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.15, fontSize: 13 },
} as const;

/**
 * /tacho_drivers: each driver card's working state and driving-time counters (document 3 §2), kept current
 * by the live socket.
 */
export function TachoDriversPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const drivers = useQuery({ queryKey: tachoKeys.drivers, queryFn: fetchTachoDrivers });
  const rows = useMemo(() => (drivers.data ?? []).map(toDriverRow), [drivers.data]);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => driverColumns(t, format.dateTime, phone), [t, format, phone]);
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', ...WRAPPED_HEADERS }}>
      <DataList<TachoDriverRow>
        title={t('route.tacho_drivers')}
        rows={rows}
        columns={columns}
        loading={drivers.isLoading}
        exportName="TachoDrivers"
        searchKey="tacho.drivers"
        searchTexts={driverSearchTexts}
        initialSort={[{ field: 'fullName', sort: 'asc' }]}
        // on a phone a card is the driver's, the state chip one of its lines
        cardTitle="fullName"
        pageSize={TACHO_PAGE_SIZE}
        rowHeight={TACHO_ROW_HEIGHT}
        showCount
        onRefresh={() => void drivers.refetch()}
        idPrefix="tacho-drivers"
        rowAttributes={{
          rowTestId: 'tacho-driver-row',
          rowData: (row: TachoDriverRow) => ({ card: row.card, state: String(row.state ?? '') }),
        }}
      />
      {rows.some((row) => row.computed) && <TachoLegend mark="computed" />}
    </Box>
  );
}
