import { memo, useEffect, useState } from 'react';
import type { ErrorEvent, MapSourceDataEvent } from 'maplibre-gl';
import { Box, IconButton, ListItemText, Menu, MenuItem, Paper, Tooltip } from '@mui/material';
import LayersIcon from '@mui/icons-material/Layers';
import { useTranslation } from 'react-i18next';
import {
  BASE_LAYERS,
  BASE_RASTER_LAYER,
  BASE_RASTER_SOURCE,
  BASE_TOP_LAYER,
  DEFAULT_BASE_LAYER,
  isBaseLayerId,
  rasterLayer,
  type BaseLayerId,
} from './baseLayers';
import { useMap } from './mapContext';

const STORAGE_KEY = 'frota.baseLayer';

/** The base layer this browser used last. */
export function storedBaseLayer(): BaseLayerId {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isBaseLayerId(stored) ? stored : DEFAULT_BASE_LAYER;
  } catch {
    return DEFAULT_BASE_LAYER;
  }
}

/** Tile failures in a row (none loaded) after which the map is taken as offline. */
export const OFFLINE_AFTER_FAILURES = 4;

/**
 * Swaps the raster under the overlays; the offline outline stays beneath whatever is chosen. When the
 * raster's tiles keep failing (no network) it is dropped, so the map stops waiting for tiles that will not
 * come (MapLibre would keep repainting); it comes back when the browser is online again.
 */
function useBaseRaster(layer: BaseLayerId): void {
  const map = useMap();
  const [online, setOnline] = useState(0);

  useEffect(() => {
    const retry = () => setOnline((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  useEffect(() => {
    const remove = () => {
      if (map.getLayer(BASE_RASTER_LAYER)) map.removeLayer(BASE_RASTER_LAYER);
      if (map.getSource(BASE_RASTER_SOURCE)) map.removeSource(BASE_RASTER_SOURCE);
    };
    remove();
    const source = BASE_LAYERS.find((l) => l.id === layer)?.source;
    if (!source) return;
    map.addSource(BASE_RASTER_SOURCE, source);
    map.addLayer(rasterLayer(), BASE_TOP_LAYER);
    let failures = 0;
    const onError = (event: ErrorEvent & { sourceId?: string }) => {
      if (event.sourceId !== BASE_RASTER_SOURCE) return;
      failures += 1;
      if (failures >= OFFLINE_AFTER_FAILURES) remove();
    };
    const onData = (event: MapSourceDataEvent) => {
      if (event.sourceId === BASE_RASTER_SOURCE && event.tile) failures = -Infinity;
    };
    map.on('error', onError);
    map.on('sourcedata', onData);
    return () => {
      map.off('error', onError);
      map.off('sourcedata', onData);
    };
  }, [map, layer, online]);
}

/** The layer switcher button (road, satellite, community map, provider roads and satellite, outline). */
export const BaseLayerControl = memo(function BaseLayerControl({ initial }: { initial: BaseLayerId }) {
  const { t } = useTranslation();
  const [layer, setLayer] = useState<BaseLayerId>(initial);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useBaseRaster(layer);

  const choose = (id: BaseLayerId) => {
    setLayer(id);
    setAnchor(null);
    try {
      localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // Not remembered; the choice still applies now.
    }
  };

  return (
    <Box sx={{ position: 'absolute', top: 10, right: 52, zIndex: 2 }}>
      <Paper elevation={2}>
        <Tooltip title={t('live.layers')}>
          <IconButton size="small" onClick={(e) => setAnchor(e.currentTarget)} data-testid="map-layers">
            <LayersIcon />
          </IconButton>
        </Tooltip>
      </Paper>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {BASE_LAYERS.map((option) => (
          <MenuItem
            key={option.id}
            selected={option.id === layer}
            onClick={() => choose(option.id)}
            data-testid={`map-layer-${option.id}`}
          >
            <ListItemText>{t(option.title)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
});
