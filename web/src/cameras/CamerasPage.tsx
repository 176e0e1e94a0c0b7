import { useMemo, useState } from 'react';
import { Box, IconButton, Link, Tooltip, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { CAMERA_PAGE_SIZE } from './cameraRules';
import { cameraKeys, fetchCameraVehicles } from './camerasApi';
import type { CameraMedia, CameraVehicle } from './cameraTypes';
import { MediaThumb } from './MediaThumb';
import { MediaViewer } from './MediaViewer';

const THUMB_HEIGHT = 90;
const PHONE_THUMB_HEIGHT = 45;

export const imagesPath = (deviceId: number): string => `/settings/camera_images/${deviceId}`;

/**
 * /settings/cameras (document 3 §2): the vehicles with a camera, their plate and latest driver and road
 * media (or the `no image` placeholder); a click opens the full-screen viewer. Refresh; 10 per page.
 */
export function CamerasPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const thumb = phone ? PHONE_THUMB_HEIGHT : THUMB_HEIGHT;
  const vehicles = useQuery({ queryKey: cameraKeys.vehicles, queryFn: fetchCameraVehicles });
  const [open, setOpen] = useState<{ media: CameraMedia; vehicle: string } | null>(null);

  const columns = useMemo<GridColDef<CameraVehicle>[]>(() => {
    const media = (
      field: 'media_rear' | 'media_front',
      header: string,
      description: string,
    ): GridColDef<CameraVehicle> => ({
      field,
      headerName: header,
      description,
      width: Math.round((thumb * 4) / 3) + 20,
      sortable: false,
      // an image column has nothing to sort or filter: no menu button (in the last column it overran the grid)
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) => (
        <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
          <MediaThumb
            media={row[field]}
            height={thumb}
            onOpen={(item) => setOpen({ media: item, vehicle: row.name })}
            testId={field === 'media_front' ? 'camera-latest-road' : 'camera-latest-driver'}
          />
        </Box>
      ),
    });
    return [
      {
        field: 'name',
        headerName: t('cameras.vehicle'),
        flex: 1,
        minWidth: phone ? 120 : 150,
        sortComparator: compareText,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%', minWidth: 0 }}>
            <Tooltip title={t('cameras.imageList')}>
              <IconButton
                size="small"
                component={RouterLink}
                to={imagesPath(row.id)}
                aria-label={t('cameras.imageList')}
                data-testid="camera-vehicle-images"
              >
                <PhotoLibraryOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Link component={RouterLink} to={imagesPath(row.id)} underline="hover" noWrap color="inherit">
              {row.name}
            </Link>
          </Box>
        ),
      },
      {
        field: 'license_plate',
        headerName: t('cameras.plate'),
        flex: 0.6,
        minWidth: phone ? 90 : 110,
        sortComparator: compareText,
      },
      media('media_rear', t('cameras.side.driver'), t('cameras.latestDriver')),
      media('media_front', t('cameras.side.road'), t('cameras.latestRoad')),
    ];
  }, [t, thumb, phone]);

  return (
    <Box sx={{ flex: 1, minHeight: 0, height: '100%' }}>
      <DataList<CameraVehicle>
        title={t('route.cameras')}
        rows={vehicles.data}
        columns={columns}
        loading={vehicles.isLoading}
        exportName="Cameras"
        searchKey="cameras.vehicles"
        searchTexts={(row) => [row.name, row.license_plate]}
        initialSort={[{ field: 'name', sort: 'asc' }]}
        pageSizes={[CAMERA_PAGE_SIZE, 50, 100]}
        pageSize={CAMERA_PAGE_SIZE}
        rowHeight={thumb + 12}
        onRefresh={() => void vehicles.refetch()}
        idPrefix="cameras"
        rowAttributes={{ rowTestId: 'camera-vehicle-row', rowIdAttribute: 'device-id' }}
      />
      <MediaViewer
        media={open?.media ?? null}
        vehicleName={open?.vehicle ?? ''}
        onClose={() => setOpen(null)}
      />
    </Box>
  );
}
