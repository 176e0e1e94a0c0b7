import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { expiryState } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { useFormat } from '../common/useFormat';
import { plateOf, useVehicle } from '../common/vehicle/currentVehicle';
import { EXPIRY_TONES } from './ExpiryCell';
import { useDocuments, type ManagementDocument } from './managementApi';
import { formatDay, inPeriod, periodStart } from './rules';
import { StoredFileLinks } from './StoredFileLinks';
import { useRemove } from './useRemove';
import { useToday } from './useToday';
import { VehicleListScreen, type VehicleListProps } from './VehicleListScreen';

/** /management/documents/:id — the vehicle's documents with their files (document 3 §2). */
export function DocumentsPage() {
  return (
    <VehicleListScreen screen="documents">
      {(deviceId, period, control) => <DocumentList deviceId={deviceId} period={period} control={control} />}
    </VehicleListScreen>
  );
}

function DocumentList({ deviceId, period, control }: VehicleListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const today = useToday();
  const list = useDocuments(deviceId);
  const { device } = useVehicle(deviceId);
  const remove = useRemove('document', deviceId);
  const start = periodStart(period, today);
  const rows = useMemo(
    () => (list.data ?? []).filter((document) => inPeriod(document.date_start, start)),
    [list.data, start],
  );
  const plate = plateOf(device);

  const columns = useMemo<GridColDef<ManagementDocument>[]>(() => {
    const text = (field: keyof ManagementDocument, minWidth = 120): GridColDef<ManagementDocument> => ({
      field,
      headerName: t(`management.document.${field}`),
      minWidth,
      flex: 1,
      sortComparator: compareText,
    });
    return [
      { ...text('creationdate', 110), valueFormatter: (value: string) => format.date(value) },
      {
        ...text('document_type', 120),
        valueGetter: (value: string) => t(`management.documentType.${value}`, value),
      },
      text('designation', 180),
      { ...text('file_type', 90), valueGetter: (value: string | null) => (value ?? '').toUpperCase() },
      { ...text('expiry_date', 110), valueFormatter: (value: string | null) => formatDay(value) },
      {
        field: 'file',
        headerName: t('management.document.file'),
        sortable: false,
        disableExport: true,
        minWidth: 100,
        renderCell: ({ row }) => (
          <StoredFileLinks
            documentId={row.id}
            fileType={row.file_type}
            plate={row.license_plate || plate}
            compact
          />
        ),
      },
    ];
  }, [t, format, plate]);

  return (
    <DataList<ManagementDocument>
      wrapCells
      pageSize={100}
      rows={rows}
      columns={columns}
      loading={list.isLoading}
      exportName="Documents"
      editPath="/management/document"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.designation}
      searchKey="management.documents"
      searchTexts={(row) => [
        row.designation,
        row.document_type,
        t(`management.documentType.${row.document_type}`),
        row.file_type,
      ]}
      initialSort={[{ field: 'creationdate', sort: 'desc' }]}
      actionsFirst
      toolbarExtra={control}
      cellTone={(row, field) =>
        field === 'expiry_date' && row.expiry_days != null
          ? EXPIRY_TONES[row.expiry_state ?? expiryState(row.expiry_days)]
          : null
      }
      rowAttributes={{ rowTestId: 'document-row', rowIdAttribute: 'id' }}
      idPrefix="documents"
    />
  );
}
