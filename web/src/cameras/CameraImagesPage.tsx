import { useCallback, useMemo, useState } from 'react';
import { Box, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AlertPickers } from '../common/pickers/AlertPickers';
import { DateRangeFields } from '../common/pickers/DateRangeFields';
import { useCurrentUser } from '../session/sessionContext';
import { DataList } from '../common/DataList';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { useFormat } from '../common/useFormat';
import { useListVehicle, useVehicle } from '../common/vehicle/currentVehicle';
import { applyMediaDays, defaultMediaDays, type DayRange } from './cameraPeriod';
import { CAMERA_PAGE_SIZE, cameraSide } from './cameraRules';
import { cameraKeys, deleteCameraMedia, fetchCameraMedia } from './camerasApi';
import type { CameraMedia } from './cameraTypes';
import { eventText, mediaColumns, placeText } from './mediaColumns';
import { MediaViewer } from './MediaViewer';

export const CAMERAS_PATH = '/settings/cameras';
const ROW_HEIGHT = 60;

/**
 * /settings/camera_images/:id — the media of one vehicle (document 3 §2): days (weeks from Monday, today by
 * default), refresh, count, newest first; remove with confirmation, no add or edit. Without a vehicle: the
 * camera list.
 */
export function CameraImagesPage() {
  const vehicleId = useListVehicle();
  if (vehicleId === null) return <Navigate to={CAMERAS_PATH} replace />;
  return <CameraImages key={vehicleId} vehicleId={vehicleId} />;
}

function CameraImages({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { device } = useVehicle(vehicleId);
  const timezone =
    typeof user.attributes?.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const [chosen, setChosen] = useState<DayRange>(() => defaultMediaDays(timezone));
  const [days, setDays] = useState<DayRange>(chosen);
  const [open, setOpen] = useState<CameraMedia | null>(null);
  const media = useQuery({
    queryKey: cameraKeys.range(vehicleId, days.from, days.to),
    queryFn: () => fetchCameraMedia(vehicleId, days.from, days.to),
  });
  const name = device?.name ?? '';

  const columns = useMemo(() => mediaColumns({ t, dateTime: format.dateTime, onOpen: setOpen }), [t, format]);
  const searchTexts = useCallback(
    (row: CameraMedia) => [
      placeText(row, t),
      format.dateTime(row.cameraDate),
      t(`cameras.side.${cameraSide(row.camera)}`),
      eventText(t, row),
    ],
    [t, format],
  );
  const remove = useCallback(
    async (row: CameraMedia) => {
      await deleteCameraMedia(row.id);
      await queryClient.invalidateQueries({ queryKey: cameraKeys.all });
    },
    [queryClient],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="camera-images">
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataList<CameraMedia>
          title={`${t('route.camera_images')}${name ? ` · ${name}` : ''}`}
          rows={media.data}
          columns={columns}
          loading={media.isLoading}
          exportName="CameraImages"
          searchTexts={searchTexts}
          canRemove
          onRemove={remove}
          itemName={() => t('cameras.imageItem')}
          initialSort={[{ field: 'cameraDate', sort: 'desc' }]}
          pageSizes={[CAMERA_PAGE_SIZE, 50, 100]}
          pageSize={CAMERA_PAGE_SIZE}
          rowHeight={ROW_HEIGHT}
          showCount
          onRefresh={() => void media.refetch()}
          idPrefix="camera-media"
          toolbarExtra={
            <AlertPickers>
              <Stack
                direction="row"
                spacing={1}
                sx={{ minWidth: 0, maxWidth: 360 }}
                data-testid="camera-days"
              >
                <DateRangeFields
                  value={chosen}
                  onChange={(next) => {
                    setChosen(next);
                    setDays((current) => applyMediaDays(current, next));
                  }}
                />
              </Stack>
            </AlertPickers>
          }
          rowAttributes={{
            rowTestId: 'camera-media-row',
            rowIdAttribute: 'id',
            rowData: (row: CameraMedia) => ({ type: row.type, camera: row.camera, status: row.status ?? '' }),
          }}
        />
      </Box>
      <MediaViewer media={open} vehicleName={name} onClose={() => setOpen(null)} />
    </Box>
  );
}
