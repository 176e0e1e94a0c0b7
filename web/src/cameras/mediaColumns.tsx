import { Box, Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { compareText } from '../common/listSearch';
import {
  cameraSide,
  coordinatesText,
  hasPlace,
  mapUrl,
  mediaTime,
  mediaTriggerNames,
  triggerKeys,
} from './cameraRules';
import type { CameraMedia } from './cameraTypes';
import { MediaThumb } from './MediaThumb';
import { localAddress } from '../common/localAddress';

export const MEDIA_THUMB_HEIGHT = 48;

/** The place of a media as text: its address (in the reader's language with `t`), else its coordinates. */
export const placeText = (media: CameraMedia, t?: TFunction): string =>
  (media.address && (t ? localAddress(media.address, t) : media.address)) ||
  (hasPlace(media) ? coordinatesText(media.latitude, media.longitude) : '');

/** The event column's text: each trigger translated, joined. */
export const eventText = (t: TFunction, media: CameraMedia): string =>
  triggerKeys(mediaTriggerNames(media))
    .map((key) => t(key))
    .join(', ');

export interface MediaColumnContext {
  t: TFunction;
  dateTime: (value: number) => string;
  onOpen: (media: CameraMedia) => void;
}

/**
 * Document 3 §2: image (P thumbnail or V video button), date (sorted newest first), location (a link to an
 * external map), camera (road when F, else driver), event (`camera_` + trigger, translated).
 */
export function mediaColumns({ t, dateTime, onOpen }: MediaColumnContext): GridColDef<CameraMedia>[] {
  return [
    {
      field: 'type',
      headerName: t('cameras.image'),
      width: 130,
      sortable: false,
      disableExport: true,
      renderCell: ({ row }) => (
        <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
          <MediaThumb media={row} height={MEDIA_THUMB_HEIGHT} onOpen={onOpen} />
        </Box>
      ),
    },
    {
      field: 'cameraDate',
      headerName: t('cameras.date'),
      minWidth: 175,
      flex: 0.7,
      valueGetter: (_value, row) => mediaTime(row),
      valueFormatter: (value: number) => dateTime(value),
    },
    {
      field: 'address',
      headerName: t('cameras.location'),
      minWidth: 200,
      flex: 1.4,
      valueGetter: (_value, row) => placeText(row, t),
      sortComparator: compareText,
      renderCell: ({ row }) =>
        hasPlace(row) ? (
          <Link
            href={mapUrl(row.latitude, row.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            underline="hover"
            data-testid="camera-media-location"
          >
            {placeText(row, t)}
          </Link>
        ) : (
          placeText(row, t)
        ),
    },
    {
      field: 'camera',
      headerName: t('cameras.camera'),
      minWidth: 110,
      flex: 0.5,
      valueGetter: (_value, row) => t(`cameras.side.${cameraSide(row.camera)}`),
      sortComparator: compareText,
    },
    {
      field: 'trigger',
      headerName: t('cameras.event'),
      minWidth: 140,
      flex: 0.7,
      valueGetter: (_value, row) => eventText(t, row),
      sortComparator: compareText,
    },
  ];
}
