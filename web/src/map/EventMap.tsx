/** The small, still map of an event's position (its own chunk: MapLibre loads with the first dialog). */
import { useEffect } from 'react';
import { Box } from '@mui/material';
import { MapView } from './MapView';
import { useMap } from './mapContext';
import type { BaseLayerId } from './baseLayers';

const ZOOM = 15;

/** Centres the map on the point and turns every gesture off: a picture of the place, not a map to move. */
function StillView({ longitude, latitude }: { longitude: number; latitude: number }) {
  const map = useMap();
  useEffect(() => {
    for (const handler of [
      map.dragPan,
      map.dragRotate,
      map.scrollZoom,
      map.boxZoom,
      map.doubleClickZoom,
      map.keyboard,
      map.touchZoomRotate,
    ])
      handler.disable();
    map.jumpTo({ center: [longitude, latitude], zoom: ZOOM });
  }, [map, longitude, latitude]);
  return null;
}

export default function EventMap({
  longitude,
  latitude,
  layer,
}: {
  longitude: number;
  latitude: number;
  layer: BaseLayerId;
}) {
  // A new map per base layer: the map is small and still, and starts with the layer's style.
  return (
    <>
      <MapView key={layer} initialLayer={layer}>
        <StillView longitude={longitude} latitude={latitude} />
      </MapView>
      {/* The map never moves and is centred on the event: its mark is the centre of the box. */}
      <Box
        data-testid="event-map-mark"
        sx={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: 18,
          height: 18,
          ml: '-9px',
          mt: '-9px',
          borderRadius: '50%',
          bgcolor: '#d32f2f',
          border: '3px solid #ffffff',
          boxShadow: 2,
          pointerEvents: 'none',
        }}
      />
    </>
  );
}
