/**
 * The pieces of an item's details (an event, a refill): labelled facts, and a still map of the place with
 * its road/satellite switch (the map's code loads when it first shows).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

const EventMap = lazy(() => import('./EventMap'));

type MapLayer = 'road' | 'satellite';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

export interface PlaceMapProps {
  latitude: number;
  longitude: number;
  /** test ids: `{idPrefix}-map`, `-map-road`, `-map-satellite` */
  idPrefix: string;
  width: number;
  height: number;
}

/** A still map of one place, road or satellite. */
export function PlaceMap({ latitude, longitude, idPrefix, width, height }: PlaceMapProps) {
  const { t } = useTranslation();
  const [layer, setLayer] = useState<MapLayer>('road');
  return (
    <Box sx={{ width: { xs: '100%', md: width }, flexShrink: 0 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={layer}
        onChange={(_e, value: MapLayer | null) => value && setLayer(value)}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="road" data-testid={`${idPrefix}-map-road`}>
          {t('alerts.road')}
        </ToggleButton>
        <ToggleButton value="satellite" data-testid={`${idPrefix}-map-satellite`}>
          {t('alerts.satellite')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Box
        sx={{ position: 'relative', height, borderRadius: 1, overflow: 'hidden' }}
        data-testid={`${idPrefix}-map`}
        aria-hidden
      >
        <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
          <EventMap latitude={latitude} longitude={longitude} layer={layer} />
        </Suspense>
      </Box>
    </Box>
  );
}
