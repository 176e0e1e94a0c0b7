import { useEffect, useRef, useState } from 'react';
import type { FilterSpecification, GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { setLayersVisible } from './layerVisibility';
import { useMap } from './mapContext';
import { ANIMATION_FRAME_MS, MotionState, type Placement } from './motion';
import { pointLayer } from './pointLayer';
import { sameLook, vehicleFeature, type LabelChoice, type MapVehicle } from './vehicleFeatures';
import {
  selectedFilter,
  VEHICLE_DOTS,
  VEHICLE_ICONS,
  VEHICLE_LABELS,
  VEHICLE_POINTS,
  VEHICLE_SELECTED,
  VEHICLE_SOURCE,
  vehicleLayers,
  vehicleSource,
} from './vehicleLayers';

/** Above this many moving vehicles in view, moves jump instead of gliding (one update per flush). */
export const MAX_ANIMATED = 300;
/**
 * Above this many vehicles in view, each is drawn as a dot in its status colour instead of its icon and
 * label: thousands of overlapping icons are unreadable and cost most of the frame when drawn in software.
 * Zooming in (or clustering, map_groupVehicles) brings the icons back.
 */
export const DENSE_LIMIT = 800;

export interface VehicleLayerProps {
  vehicles: readonly MapVehicle[];
  labels: LabelChoice;
  cluster: boolean;
  selectedId: number | null;
  onVehicleClick: (id: number) => void;
  /** Where the selected vehicle is drawn, on every step of its glide (for its popup). */
  onSelectedPlacement?: (placement: Placement) => void;
}

const sameSpot = (a: MapVehicle, b: MapVehicle) =>
  a.longitude === b.longitude && a.latitude === b.latitude && a.course === b.course;

/**
 * One marker per vehicle: category icon in its status colour rotated by course, optional name labels,
 * a ring on the selected one; moves glide over 30 steps at ~30 fps. Remount it (key) to toggle clustering.
 */
export function VehicleLayer(props: VehicleLayerProps) {
  const { vehicles, labels, cluster, selectedId } = props;
  const map = useMap();
  const latest = useRef(props);
  latest.current = props;
  const motion = useRef(new MotionState());
  const shown = useRef(new Map<number, MapVehicle>());
  const labelKey = useRef('');
  const frame = useRef<number | null>(null);
  const [points] = useState(() => pointLayer(VEHICLE_POINTS));
  /** The dots are rebuilt only while they show: vehicles changed since they were last set. */
  const pointsStale = useRef(true);

  /**
   * Dots or icons, by how many vehicles the view holds (clusters already keep views light); labels only
   * when the settings ask for them; nothing at all when no vehicle is listed.
   */
  const updateDensity = useRef(() => {
    if (!map.getLayer(VEHICLE_DOTS)) return;
    let inView = 0;
    if (!latest.current.cluster) {
      const bounds = map.getBounds();
      for (const vehicle of shown.current.values()) {
        if (bounds.contains([vehicle.longitude, vehicle.latitude]) && ++inView > DENSE_LIMIT) break;
      }
    }
    const any = shown.current.size > 0;
    const dense = inView > DENSE_LIMIT;
    const { vehicleNames, driverNames } = latest.current.labels;
    if (any && dense && pointsStale.current) {
      points.setDots(
        [...shown.current.values()].map((v) => {
          const at = motion.current.shownAt(v.id) ?? v;
          return { id: v.id, longitude: at.longitude, latitude: at.latitude, ign: v.ignitionCode };
        }),
      );
      pointsStale.current = false;
    }
    setLayersVisible(map, [VEHICLE_DOTS, VEHICLE_POINTS], any && dense);
    setLayersVisible(map, [VEHICLE_ICONS], any && !dense);
    setLayersVisible(map, [VEHICLE_LABELS], any && !dense && (vehicleNames || driverNames));
  }).current;

  useEffect(() => {
    map.addSource(VEHICLE_SOURCE, vehicleSource(cluster));
    for (const layer of vehicleLayers(latest.current.selectedId)) map.addLayer(layer);
    map.addLayer(points, VEHICLE_ICONS);
    map.setLayoutProperty(VEHICLE_POINTS, 'visibility', 'none');
    pointsStale.current = true;
    const click = (event: MapLayerMouseEvent) => {
      const id = Number(event.features?.[0]?.id);
      if (Number.isFinite(id)) latest.current.onVehicleClick(id);
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    for (const layer of [VEHICLE_ICONS, VEHICLE_DOTS]) {
      map.on('click', layer, click);
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    map.on('moveend', updateDensity);
    const state = motion.current;
    const drawn = shown.current;
    return () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      for (const layer of [VEHICLE_ICONS, VEHICLE_DOTS]) {
        map.off('click', layer, click);
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
      map.off('moveend', updateDensity);
      for (const id of [...vehicleLayers(null).map((layer) => layer.id), VEHICLE_POINTS])
        if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(VEHICLE_SOURCE)) map.removeSource(VEHICLE_SOURCE);
      state.forget(new Set());
      drawn.clear();
      labelKey.current = '';
    };
  }, [map, cluster]);

  useEffect(() => {
    map.setFilter(VEHICLE_SELECTED, selectedFilter(selectedId) as FilterSpecification);
    setLayersVisible(map, [VEHICLE_SELECTED], selectedId !== null);
  }, [map, selectedId]);

  useEffect(() => {
    const source = map.getSource(VEHICLE_SOURCE) as GeoJSONSource | undefined;
    if (!source) return;
    const state = motion.current;
    const previous = shown.current;
    const next = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
    const bounds = map.getBounds();
    let membership = previous.size !== next.size;
    const moved: number[] = [];
    const restyled: number[] = [];
    for (const vehicle of vehicles) {
      const before = previous.get(vehicle.id);
      if (before === vehicle) continue;
      if (!before) {
        membership = true;
        continue;
      }
      if (!sameSpot(before, vehicle)) moved.push(vehicle.id);
      if (!sameLook(before, vehicle)) restyled.push(vehicle.id);
    }
    const inView = moved.filter((id) => {
      const a = previous.get(id)!;
      const b = next.get(id)!;
      return bounds.contains([a.longitude, a.latitude]) || bounds.contains([b.longitude, b.latitude]);
    });
    const selected = latest.current.selectedId;
    const glide = new Set(inView.length <= MAX_ANIMATED ? inView : inView.filter((id) => id === selected));
    // A vehicle is its own placement (longitude, latitude, course): no copy per vehicle and flush.
    for (const vehicle of vehicles) {
      if (glide.has(vehicle.id)) state.move(vehicle.id, vehicle);
      else state.place(vehicle.id, vehicle);
    }
    state.forget(next);
    shown.current = next;

    const key = `${labels.vehicleNames}/${labels.driverNames}`;
    const feature = (id: number) => vehicleFeature(next.get(id)!, state.shownAt(id)!, labels);
    const jumped = moved.filter((id) => !glide.has(id));
    const changes = new Set([...jumped, ...restyled]);
    if (membership || key !== labelKey.current || changes.size > vehicles.length / 4) {
      void source.setData({ type: 'FeatureCollection', features: vehicles.map((v) => feature(v.id)) });
    } else if (changes.size > 0) {
      void source.updateData({
        update: [...changes].map((id) => {
          const f = feature(id);
          return {
            id,
            newGeometry: f.geometry,
            addOrUpdateProperties: Object.entries(f.properties).map(([k, value]) => ({ key: k, value })),
            ...(f.properties.label === undefined ? { removeProperties: ['label'] } : {}),
          };
        }),
      });
    }
    labelKey.current = key;
    pointsStale.current = true;
    updateDensity();
    const selectedAt = selected !== null ? state.shownAt(selected) : undefined;
    if (selectedAt) latest.current.onSelectedPlacement?.(selectedAt);

    if (!state.animating || frame.current !== null) return;
    let last = 0;
    const tick = (time: number) => {
      if (time - last >= ANIMATION_FRAME_MS * 0.9) {
        last = time;
        const steps = state.advance();
        const current = map.getSource(VEHICLE_SOURCE) as GeoJSONSource | undefined;
        if (current && steps.length) {
          void current.updateData({
            update: steps.map(([id, at]) => ({
              id,
              newGeometry: { type: 'Point', coordinates: [at.longitude, at.latitude] },
              addOrUpdateProperties: [{ key: 'course', value: at.course }],
            })),
          });
          for (const [id, at] of steps) points.move(id, at.longitude, at.latitude);
          const mine = latest.current.selectedId;
          const step = steps.find(([id]) => id === mine);
          if (step) latest.current.onSelectedPlacement?.(step[1]);
        }
      }
      frame.current = state.animating ? requestAnimationFrame(tick) : null;
    };
    frame.current = requestAnimationFrame(tick);
  }, [map, vehicles, labels, cluster]);

  return null;
}
