import { useCallback, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { fetchOperators, refillKeys, removeSettingsItem } from './refillsApi';
import type { RefillOperator } from './refillTypes';

/** /settings/refill_operators: username, name, code and phone; 50 a page (document 3 §2). */
export function OperatorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const operators = useQuery({ queryKey: refillKeys.operators, queryFn: fetchOperators });
  const columns = useMemo<GridColDef<RefillOperator>[]>(
    () => [
      {
        field: 'username',
        headerName: t('refills.username'),
        flex: 1,
        minWidth: 140,
        sortComparator: compareText,
      },
      { field: 'name', headerName: t('refills.name'), flex: 1, minWidth: 160, sortComparator: compareText },
      { field: 'code', headerName: t('refills.code'), flex: 0.6, minWidth: 100 },
      { field: 'phone', headerName: t('refills.phone'), flex: 0.8, minWidth: 120 },
    ],
    [t],
  );
  const remove = useCallback(
    async (row: RefillOperator) => {
      await removeSettingsItem('refill_operators', row.id);
      await queryClient.invalidateQueries({ queryKey: refillKeys.operators });
    },
    [queryClient],
  );
  return (
    <DataList
      title={t('route.refill_operators')}
      rows={operators.data}
      columns={columns}
      loading={operators.isLoading}
      exportName="Operators"
      editPath="/settings/refill_operator"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.name}
      searchTexts={(row) => [row.username, row.name, row.code, row.phone]}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      // a phone's card is titled by the operator's name, its login one of its lines
      cardTitle="name"
      rowAttributes={{ rowTestId: 'operator-row', rowIdAttribute: 'id' }}
    />
  );
}
