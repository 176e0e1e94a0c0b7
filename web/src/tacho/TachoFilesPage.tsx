import { useCallback, useMemo, useState } from 'react';
import { Box } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useSession } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { mayWrite } from '../common/listActions';
import { ErrorDialog } from '../common/MessageDialog';
import { formatSaveError } from '../common/saveError';
import { useFormat } from '../common/useFormat';
import { fileColumns } from './fileColumns';
import { CustomDaysDialog } from './CustomDaysDialog';
import { DEFAULT_CUSTOM_DAYS, fileSearchTexts, isDriverFile } from './fileRules';
import { downloadTachoFiles, fetchTachoFiles, saveTachoPeriodicity, tachoKeys } from './tachoApi';
import { TACHO_PAGE_SIZE, TACHO_ROW_HEIGHT } from './tachoGrid';
import type { Periodicity, TachoFile } from './tachoTypes';
import { UploadButton } from './UploadButton';
import { UploadDropZone } from './UploadDropZone';
import { TachoLegend } from './TachoLegend';
import { UploadProgress } from './UploadProgress';
import { useTachoUploads } from './useTachoUploads';

const errorText = (e: unknown): string =>
  e instanceof ApiError ? formatSaveError(e.status, e.statusText, e.body) : String(e);

/**
 * /tacho_files: the stored driver card and vehicle unit files (document 3 §2). Files are uploaded by drag
 * and drop or the picker, downloaded one by one or ticked and downloaded as one zip; the schedule of each
 * entity is edited in place; an entity past its legal download interval is marked.
 */
export function TachoFilesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const files = useQuery({ queryKey: tachoKeys.files, queryFn: fetchTachoFiles });
  const [error, setError] = useState<string | null>(null);
  const writable = mayWrite(user);

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: tachoKeys.files }),
    [queryClient],
  );
  const uploads = useTachoUploads(reload, t('tacho.fileTooLarge'));
  const [customFor, setCustomFor] = useState<TachoFile | null>(null);

  const schedule = useCallback(
    (file: TachoFile, value: Periodicity, customDays?: number) =>
      void saveTachoPeriodicity(file.id, value, customDays)
        .then(reload)
        .catch((e: unknown) => setError(errorText(e))),
    [reload],
  );
  const columns = useMemo(
    () =>
      fileColumns({
        t,
        date: format.date,
        dateTime: format.dateTime,
        canEdit: writable,
        onSchedule: schedule,
        onCustom: setCustomFor,
      }),
    [t, format, writable, schedule],
  );

  const download = (chosen: TachoFile[]) =>
    void downloadTachoFiles(chosen.map((file) => file.id)).catch((e: unknown) => setError(errorText(e)));

  return (
    <UploadDropZone onFiles={uploads.start} disabled={!writable}>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataList<TachoFile>
          title={t('route.tacho_files')}
          rows={files.data}
          columns={columns}
          loading={files.isLoading}
          exportName="TachoFiles"
          searchKey="tacho.files"
          searchTexts={fileSearchTexts}
          initialSort={[{ field: 'download_date', sort: 'desc' }]}
          pageSize={TACHO_PAGE_SIZE}
          rowHeight={TACHO_ROW_HEIGHT}
          showCount
          onRefresh={() => void files.refetch()}
          idPrefix="tacho-files"
          toolbarExtra={writable && <UploadButton onFiles={uploads.start} />}
          rowTone={(row) => (row.stale ? 'warning' : null)}
          rowAttributes={{
            rowTestId: 'tacho-file-row',
            rowIdAttribute: 'id',
            rowData: (row: TachoFile) => ({
              type: isDriverFile(row) ? 'D' : 'V',
              stale: row.stale ? '1' : '0',
            }),
          }}
          selectionAction={{
            label: t('tacho.download'),
            icon: <DownloadIcon />,
            testId: 'tacho-download-selected',
            selectedText: (count) => t('tacho.selected', { n: count }),
            onAction: download,
          }}
        />
      </Box>
      {files.data?.some((row) => row.stale) && <TachoLegend mark="stale" />}
      <UploadProgress items={uploads.items} onClear={uploads.clearFinished} />
      {customFor && (
        <CustomDaysDialog
          initial={customFor.custom_days ?? DEFAULT_CUSTOM_DAYS}
          onCancel={() => setCustomFor(null)}
          onSave={(days) => {
            schedule(customFor, 'Custom', days);
            setCustomFor(null);
          }}
        />
      )}
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </UploadDropZone>
  );
}
