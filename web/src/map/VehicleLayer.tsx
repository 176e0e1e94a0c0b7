import { isDrawing } from './drawingState';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FilterSpecification, GeoJSONSource, MapLayerMouseEvent, MapMouseEvent } from 'maplibre-gl';
import { indexBy } from '../api/indexBy';
import { setLayersVisible } from './layerVisibility';
import { useMap } from './mapContext';
import { ANIMATION_FRAME_MS, MotionState, type Placement } from './motion';
import { pointLayer } from './pointLayer';
import { PointerCursor } from './pointerCursor';
import { sameLook, vehicleFeature, type LabelChoice, type MapVehicle } from './vehicleFeatures';
import {
  selectedFilter,
  VEHICLE_ICONS,
  VEHICLE_LABELS,
  VEHICLE_POINTS,
  VEHICLE_SELECTED,
  VEHICLE_SOURCE,
  vehicleLayers,
  vehicleSource,
} from './vehicleLayers';
import { VehicleSourceSync } from './vehicleSourceSync';
import { inBox, viewBox } from './viewBox';

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
  // For map events and the source's reads between renders; set on commit, before any effect reads it.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const motion = useRef(new MotionState());
  const shown = useRef(new Map<number, MapVehicle>());
  const labelKey = useRef('');
  const frame = useRef<number | null>(null);
  const [points] = useState(() => pointLayer(VEHICLE_POINTS));
  /** The dots are rebuilt only while they show: vehicles changed since they were last set. */
  const pointsStale = useRef(true);
  /** Whether the view shows dots (clicks and the pointer then look for a dot under them). */
  const dense = useRef(false);
  const syncRef = useRef<VehicleSourceSync | null>(null);
  /** One sync for the layer's life, made on first use: it is stateful and reads the refs above. */
  const sourceSync = useCallback(
    () =>
      (syncRef.current ??= new VehicleSourceSync({
        source: () => map.getSource(VEHICLE_SOURCE) as GeoJSONSource | undefined,
        ids: () => [...shown.current.keys()],
        placeOf: (id) => motion.current.shownAt(id),
        view: () => (latest.current.cluster ? null : viewBox(map)),
        feature: (id) => {
          const vehicle = shown.current.get(id);
          const at = motion.current.shownAt(id);
          return vehicle && at ? vehicleFeature(vehicle, at, latest.current.labels) : undefined;
        },
      })),
    [map],
  );

  /**
   * Dots or icons, by how many vehicles the view holds (clusters already keep views light); labels only
   * when the settings ask for them; nothing at all when no vehicle is listed. The source of the icons
   * falls behind while dots show and catches up when icons return.
   */
  const updateDensity = useCallback(() => {
    if (!map.getLayer(VEHICLE_ICONS)) return;
    let inView = 0;
    if (!latest.current.cluster) {
      const box = viewBox(map);
      for (const vehicle of shown.current.values()) {
        if (inBox(box, vehicle.longitude, vehicle.latitude) && ++inView > DENSE_LIMIT) break;
      }
    }
    const any = shown.current.size > 0;
    dense.current = any && inView > DENSE_LIMIT;
    const { vehicleNames, driverNames } = latest.current.labels;
    if (dense.current && pointsStale.current) {
      points.setDots(
        [...shown.current.values()].map((v) => {
          const at = motion.current.shownAt(v.id) ?? v;
          return { id: v.id, longitude: at.longitude, latitude: at.latitude, ign: v.ignitionCode };
        }),
      );
      pointsStale.current = false;
    }
    const sync = sourceSync();
    sync.deferred = dense.current;
    if (dense.current) sync.keepCurrent(latest.current.selectedId);
    else sync.send();
    setLayersVisible(map, [VEHICLE_POINTS], dense.current);
    setLayersVisible(map, [VEHICLE_ICONS], any && !dense.current);
    setLayersVisible(map, [VEHICLE_LABELS], any && !dense.current && (vehicleNames || driverNames));
  }, [map, points, sourceSync]);

  useEffect(() => {
    const sync = sourceSync();
    map.addSource(VEHICLE_SOURCE, vehicleSource(cluster));
    for (const layer of vehicleLayers(latest.current.selectedId)) map.addLayer(layer);
    map.addLayer(points, VEHICLE_ICONS);
    map.setLayoutProperty(VEHICLE_POINTS, 'visibility', 'none');
    pointsStale.current = true;
    const clickIcon = (event: MapLayerMouseEvent) => {
      if (isDrawing(map)) return;
      const id = Number(event.features?.[0]?.id);
      if (Number.isFinite(id)) latest.current.onVehicleClick(id);
    };
    const clickDot = (event: MapMouseEvent) => {
      if (isDrawing(map)) return;
      const id = dense.current ? points.dotAt(event.point) : null;
      if (id !== null) latest.current.onVehicleClick(id);
    };
    const followView = () => sync.followView();
    const cursor = new PointerCursor(map.getCanvas().style);
    const hoverDot = (event: MapMouseEvent) =>
      cursor.dot(dense.current && points.dotAt(event.point) !== null);
    const pointer = () => cursor.icon(true);
    const plain = () => cursor.icon(false);
    map.on('click', VEHICLE_ICONS, clickIcon);
    map.on('mouseenter', VEHICLE_ICONS, pointer);
    map.on('mouseleave', VEHICLE_ICONS, plain);
    map.on('click', clickDot);
    map.on('mousemove', hoverDot);
    map.on('moveend', updateDensity);
    map.on('move', followView);
    const state = motion.current;
    const drawn = shown.current;
    return () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      map.off('click', VEHICLE_ICONS, clickIcon);
      map.off('mouseenter', VEHICLE_ICONS, pointer);
      map.off('mouseleave', VEHICLE_ICONS, plain);
      map.off('click', clickDot);
      map.off('mousemove', hoverDot);
      map.off('moveend', updateDensity);
      map.off('move', followView);
      for (const id of [...vehicleLayers(null).map((layer) => layer.id), VEHICLE_POINTS])
        if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(VEHICLE_SOURCE)) map.removeSource(VEHICLE_SOURCE);
      state.forget(new Set());
      drawn.clear();
      labelKey.current = '';
      dense.current = false;
      sync.mark([], true);
    };
  }, [map, cluster, points, sourceSync, updateDensity]);

  useEffect(() => {
    const sync = sourceSync();
    map.setFilter(VEHICLE_SELECTED, selectedFilter(selectedId) as FilterSpecification);
    setLayersVisible(map, [VEHICLE_SELECTED], selectedId !== null);
    sync.keepCurrent(selectedId);
  }, [map, selectedId, sourceSync]);

  useEffect(() => {
    if (!map.getSource(VEHICLE_SOURCE)) return;
    const sync = sourceSync();
    const state = motion.current;
    const previous = shown.current;
    const next = indexBy(vehicles, (vehicle) => vehicle.id);
    const box = viewBox(map);
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
      return inBox(box, a.longitude, a.latitude) || inBox(box, b.longitude, b.latitude);
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
    const jumped = moved.filter((id) => !glide.has(id));
    // Sent by updateDensity, or kept back while the view shows dots.
    sync.mark([...jumped, ...restyled], membership || key !== labelKey.current);
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
        if (map.getSource(VEHICLE_SOURCE) && steps.length) {
          sync.stepped(steps);
          for (const [id, at] of steps) points.move(id, at.longitude, at.latitude);
          const mine = latest.current.selectedId;
          const step = steps.find(([id]) => id === mine);
          if (step) {
            sync.keepCurrent(mine);
            latest.current.onSelectedPlacement?.(step[1]);
          }
        }
      }
      frame.current = state.animating ? requestAnimationFrame(tick) : null;
    };
    frame.current = requestAnimationFrame(tick);
  }, [map, vehicles, labels, cluster, sourceSync, points, updateDensity]);

  return null;
}
