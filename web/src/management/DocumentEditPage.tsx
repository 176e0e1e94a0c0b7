import { useState } from 'react';
import { DOCUMENT_TYPES } from '@frota/core';
import { MenuItem, Tab, Tabs, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CameraCapture } from './CameraCapture';
import { idOf, plateOf, useFormVehicle, useVehicle } from '../common/vehicle/currentVehicle';
import {
  documentBody,
  documentDraft,
  documentProblem,
  newDocument,
  type DocumentDraft,
} from './documentForm';
import { ExpiryFields } from './ExpiryFields';
import { FilePicker } from './FilePicker';
import { ManagementForm } from './ManagementForm';
import { useDocuments } from './managementApi';
import { StoredFileLinks } from './StoredFileLinks';
import { useToday } from './useToday';
import { useVehicleItem } from './useVehicleItem';

type Source = 'file' | 'camera';

/** /management/document/:id? — a document of the vehicle with its file (document 3 §2, §3, §4, §5). */
export function DocumentEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const deviceId = useFormVehicle();
  const today = useToday();
  const list = useDocuments(deviceId);
  const { device } = useVehicle(deviceId);
  const id = idOf(params.id);
  const { item, update, loading, missing } = useVehicleItem(
    list,
    id,
    (document) => documentDraft(document, today),
    () => newDocument(today),
  );
  const [source, setSource] = useState<Source>('file');
  const set = <K extends keyof DocumentDraft>(key: K, value: DocumentDraft[K]) =>
    update((d) => ({ ...d, [key]: value }));
  const stored = id === null ? undefined : list.data?.find((document) => document.id === id);
  const plate = stored?.license_plate || plateOf(device);

  const switchSource = (next: Source) => {
    // The other tab's file is dropped: what is saved is what the open tab shows.
    if (next !== source) set('file', null);
    setSource(next);
  };

  return (
    <ManagementForm
      kind="document"
      deviceId={deviceId}
      item={item}
      loading={loading}
      missing={missing}
      problem={documentProblem}
      toBody={documentBody}
    >
      {id === null ? (
        <>
          <Tabs value={source} onChange={(_, next: Source) => switchSource(next)}>
            <Tab value="file" label={t('management.document.fileTab')} data-testid="document-file-tab" />
            <Tab
              value="camera"
              label={t('management.document.cameraTab')}
              data-testid="document-camera-tab"
            />
          </Tabs>
          {source === 'file' ? (
            <FilePicker file={item?.file ?? null} onChange={(file) => set('file', file)} />
          ) : (
            <CameraCapture onChange={(file) => set('file', file)} />
          )}
        </>
      ) : (
        stored && <StoredFileLinks documentId={stored.id} fileType={stored.file_type} plate={plate} />
      )}
      <TextField
        label={t('management.document.designation')}
        value={item?.designation ?? ''}
        onChange={(e) => set('designation', e.target.value)}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'document-designation' } }}
      />
      <TextField
        select
        label={t('management.document.document_type')}
        value={item?.document_type ?? ''}
        onChange={(e) => set('document_type', e.target.value)}
        required
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'document-document_type' } as object } }}
      >
        {DOCUMENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`management.documentType.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <ExpiryFields
        prefix="document"
        label={t('management.document.warning')}
        dateLabel={t('management.document.expiry_date')}
        warning={!!item?.warning}
        date={item?.expiry_date ?? ''}
        onWarning={(on) => set('warning', on)}
        onDate={(day) => set('expiry_date', day)}
      />
    </ManagementForm>
  );
}
