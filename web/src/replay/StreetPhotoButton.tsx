import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Tooltip,
} from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/sessionContext';
import { fetchStreetPhotos } from './replayApi';

interface Props {
  latitude: number;
  longitude: number;
  course: number;
  deviceId: number;
  positionId: number;
}

/** Street photos near the selected position; the button shows only when the server found some. */
export function StreetPhotoButton({ latitude, longitude, course, deviceId, positionId }: Props) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const photos = useQuery({
    queryKey: ['replay', 'streetPhotos', deviceId, positionId],
    queryFn: () => fetchStreetPhotos({ latitude, longitude, course, userId: user.id, deviceId, positionId }),
    staleTime: Infinity,
    retry: false,
  });
  const list = photos.data ?? [];
  if (list.length === 0) return null;
  return (
    <>
      <Tooltip title={t('replay.streetPhotos')}>
        <IconButton size="small" onClick={() => setOpen(true)} data-testid="replay-photos">
          <PhotoCameraIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="md"
        fullWidth
        data-testid="replay-photos-dialog"
      >
        <DialogTitle>{t('replay.streetPhotos')}</DialogTitle>
        <DialogContent>
          <ImageList cols={3} gap={8}>
            {list.map((photo) => (
              <ImageListItem key={photo.id}>
                <img src={photo.thumb_256_url} alt="" loading="lazy" />
                <ImageListItemBar subtitle={t('replay.metres', { m: Math.round(photo.distance) })} />
              </ImageListItem>
            ))}
          </ImageList>
        </DialogContent>
      </Dialog>
    </>
  );
}
