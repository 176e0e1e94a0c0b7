export { createGeocoder, cacheKey } from './geocoder';
export type { GeocoderOptions, GeocoderStats, ServerGeocoder } from './geocoder';
export {
  createOfflineGeocoder,
  sharedOfflineGeocoder,
  parseExtraPlaces,
  DEFAULT_EXTRA_PLACES_FILE,
} from './offlineGeocoder';
export type {
  ExtraPlace,
  OfflineGeocoder,
  OfflineGeocoderOptions,
  OfflineGeocoderStats,
} from './offlineGeocoder';
export { createNominatimGeocoder, formatNominatimAddress, reverseNominatim } from './nominatimGeocoder';
export type { NominatimAnswer, NominatimGeocoder, NominatimGeocoderOptions } from './nominatimGeocoder';
export { bearingDegrees, compassPoint, formatNearest, NEAR_KM } from './format';
export type { CompassPoint } from './format';
export type { NearestPlace } from './placeIndex';
export type { Geocoder, GeocoderLog } from './types';
