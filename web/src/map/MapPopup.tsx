import { useEffect, useEffectEvent, useMemo, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Popup } from 'maplibre-gl';
import { useMap } from './mapContext';

export interface MapPopupHandle {
  moveTo: (longitude: number, latitude: number) => void;
}

export interface MapPopupProps {
  /** Where it opens; later moves come through `handle` (it follows a gliding marker). */
  longitude: number;
  latitude: number;
  onClose: () => void;
  /** Receives a handle to move the popup without re-rendering (follows a gliding marker). */
  handle?: (handle: MapPopupHandle | null) => void;
  children: ReactNode;
}

/** A MapLibre popup whose content is React (rendered through a portal into the popup's element). */
export function MapPopup({ longitude, latitude, onClose, handle, children }: MapPopupProps) {
  const map = useMap();
  const element = useMemo(() => document.createElement('div'), []);
  // The newest handler, without re-opening the popup when it changes.
  const closed = useEffectEvent(onClose);
  const initial = useRef([longitude, latitude] as [number, number]);

  useEffect(() => {
    const instance = new Popup({
      closeButton: true,
      closeOnClick: false,
      maxWidth: '340px',
      offset: 22,
      focusAfterOpen: false,
    })
      .setDOMContent(element)
      .setLngLat(initial.current)
      .addTo(map);
    const onPopupClose = () => closed();
    instance.on('close', onPopupClose);
    handle?.({ moveTo: (lng, lat) => instance.setLngLat([lng, lat]) });
    return () => {
      instance.off('close', onPopupClose);
      instance.remove();
      handle?.(null);
    };
  }, [map, element, handle]);

  return createPortal(children, element);
}
