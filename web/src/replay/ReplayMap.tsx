import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseLayerControl, storedBaseLayer } from '../map/BaseLayerControl';
import { CameraDirector, type CameraRequest } from '../map/CameraDirector';
import { MapControls } from '../map/MapControls';
import { MapView } from '../map/MapView';
import type { Playback } from './playback';
import { hasPlace } from './replayData';
import { ReplayLayers } from './ReplayLayers';
import type { ReplayData } from './types';

const initialLayer = storedBaseLayer();

/** A view to jump to at once (a new answer): fitted once per key. */
export interface ReplayFit {
  key: string;
  points: () => ReadonlyArray<[number, number]>;
}

export interface ReplayMapProps {
  data: ReplayData | null;
  playback: Playback;
  category: string;
  rotates: boolean;
  fit: ReplayFit;
  camera: CameraRequest | null;
  inset: { left: number; right: number; bottom: number };
  rtl: boolean;
  onDrawn: (data: ReplayData) => void;
}

/**
 * The replay's map: the live map's base layers and controls, the route, events and vehicle. Memoised: the
 * page's own changes (the route drawn, the panel's contents) do not render the map again.
 */
export const ReplayMap = memo(function ReplayMap({
  data,
  playback,
  category,
  rotates,
  fit,
  camera,
  inset,
  rtl,
  onDrawn,
}: ReplayMapProps) {
  const { t } = useTranslation();
  const directionsTarget = useCallback((): [number, number] | null => {
    const end = playback.getSnapshot().end;
    return data && hasPlace(data, end) ? [data.longitude[end], data.latitude[end]] : null;
  }, [data, playback]);
  const position = rtl ? 'top-left' : 'top-right';
  return (
    <MapView initialLayer={initialLayer}>
      <BaseLayerControl initial={initialLayer} />
      <ReplayLayers data={data} playback={playback} category={category} rotates={rotates} onDrawn={onDrawn} />
      <MapControls
        position={position}
        directionsTitle={t('live.directions')}
        directionsTarget={directionsTarget}
      />
      <CameraDirector fit={fit} request={camera} inset={inset} />
    </MapView>
  );
});
