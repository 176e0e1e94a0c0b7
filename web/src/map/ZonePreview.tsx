import { lazy, Suspense, useMemo } from 'react';
import { Box, Skeleton } from '@mui/material';
import type { MapZone } from './zoneFeatures';

const ZoneMap = lazy(() => import('./ZoneMap'));

/**
 * A zone's shape on a map, above the fields that describe it: what the zone covers, read at a glance
 * rather than from its WKT text; it follows the fields as they change (the map's code loads when it
 * first shows).
 */
export function ZonePreview({
  zone,
  context,
  height,
  onPick,
}: {
  zone: MapZone;
  /** the fleet's other zones, shown around it */
  context?: readonly MapZone[];
  height: number;
  /** a click on the map: the point it chose (a circle's centre) */
  onPick?: (latitude: number, longitude: number) => void;
}) {
  const { id, name, area, attributes } = zone;
  // a new object only when what the map draws changes
  const drawn = useMemo(() => ({ id, name, area, attributes }), [id, name, area, attributes]);
  return (
    <Box
      data-testid="zone-preview"
      sx={{
        position: 'relative',
        height,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
        <ZoneMap zone={drawn} context={context} onPick={onPick} />
      </Suspense>
    </Box>
  );
}
