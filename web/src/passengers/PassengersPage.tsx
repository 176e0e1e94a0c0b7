import { useCallback, useMemo } from 'react';
import { Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGroups } from '../api/queries';
import { useSession } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { mayWrite } from '../common/listActions';
import { compareText } from '../common/listSearch';
import { passengerRows, type PassengerRow } from './passengerRows';
import { PASSENGERS_KEY, removePassenger, usePassengers } from './passengersApi';

/** /settings/passengers: name, card, group and phone; add, edit, remove and the spreadsheet import. */
export function PassengersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const passengers = usePassengers();
  const groups = useGroups();
  const queryClient = useQueryClient();
  const rows = useMemo(() => passengerRows(passengers.data, groups.data), [passengers.data, groups.data]);
  const columns = useMemo<GridColDef<PassengerRow>[]>(
    () => [
      { field: 'name', headerName: t('name'), flex: 1, minWidth: 180, sortComparator: compareText },
      { field: 'cardId', headerName: t('passengers.card'), flex: 0.7, minWidth: 130 },
      {
        field: 'group',
        headerName: t('settings.group'),
        flex: 0.8,
        minWidth: 150,
        sortComparator: compareText,
      },
      { field: 'phone', headerName: t('phone'), flex: 0.6, minWidth: 130 },
    ],
    [t],
  );
  const remove = useCallback(
    async (row: PassengerRow) => {
      await removePassenger(row.id);
      await queryClient.invalidateQueries({ queryKey: PASSENGERS_KEY });
    },
    [queryClient],
  );
  return (
    <DataList
      title={t('route.settings_passengers')}
      rows={rows}
      columns={columns}
      loading={passengers.isLoading}
      exportName="Passengers"
      editPath="/settings/passenger"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.name}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      rowAttributes={{ rowTestId: 'passenger-row', rowIdAttribute: 'id' }}
      emptyText={t('passengers.empty')}
      toolbarExtra={
        mayWrite(user) ? (
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            onClick={() => void navigate('/settings/passenger_import')}
            data-testid="passengers-import"
          >
            {t('route.settings_passenger_import')}
          </Button>
        ) : undefined
      }
    />
  );
}
