import type { TFunction } from 'i18next';

/** MapLibre's own control texts (zoom, compass, geolocate, credits) in the user's language. */
export function mapLocale(t: TFunction): Record<string, string> {
  return {
    'NavigationControl.ZoomIn': t('mapUi.zoomIn'),
    'NavigationControl.ZoomOut': t('mapUi.zoomOut'),
    'NavigationControl.ResetBearing': t('mapUi.resetBearing'),
    'GeolocateControl.FindMyLocation': t('mapUi.findMyLocation'),
    'GeolocateControl.LocationNotAvailable': t('mapUi.locationNotAvailable'),
    'AttributionControl.ToggleAttribution': t('mapUi.toggleAttribution'),
    'Map.Title': t('mapUi.mapTitle'),
    'Popup.Close': t('mapUi.close'),
  };
}
