import { useCallback, useMemo } from 'react';
import { Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sendJson } from '../api/client';
import { queryKeys, useDrivers } from '../api/queries';
import { useSession } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { mayWrite } from '../common/listActions';
import { compareText } from '../common/listSearch';
import { driverRows, type DriverRow } from './driversList';
import { useGroupElements } from './settingsQueries';

/** /settings/drivers: name, RFID, groups; add, edit, remove and the spreadsheet import. */
export function DriversPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const drivers = useDrivers();
  const groups = useGroupElements();
  const queryClient = useQueryClient();
  const rows = useMemo(() => driverRows(drivers.data, groups.data), [drivers.data, groups.data]);
  const columns = useMemo<GridColDef<DriverRow>[]>(
    () => [
      { field: 'name', headerName: t('name'), flex: 1, minWidth: 180, sortComparator: compareText },
      { field: 'uniqueId', headerName: t('settings.rfid'), flex: 0.8, minWidth: 150 },
      {
        field: 'groups',
        headerName: t('settings.groups'),
        flex: 1,
        minWidth: 180,
        sortComparator: compareText,
      },
    ],
    [t],
  );
  const remove = useCallback(
    async (row: DriverRow) => {
      await sendJson('DELETE', `/api/drivers/${row.id}`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.drivers });
      await queryClient.invalidateQueries({ queryKey: ['groupElements'] });
    },
    [queryClient],
  );
  return (
    <DataList
      title={t('route.settings_drivers')}
      rows={rows}
      columns={columns}
      loading={drivers.isLoading}
      exportName="Drivers"
      editPath="/settings/driver"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.name}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      toolbarExtra={
        mayWrite(user) ? (
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            onClick={() => void navigate('/settings/driver_import')}
            data-testid="drivers-import"
          >
            {t('settings.importDrivers')}
          </Button>
        ) : undefined
      }
    />
  );
}
