import { flushDrawing } from '../api/flushProbe';
import { isDrawing } from './drawingState';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FilterSpecification, GeoJSONSource, MapLayerMouseEvent, MapMouseEvent } from 'maplibre-gl';
import { setLayersVisible } from './layerVisibility';
import { useMap } from './mapContext';
import { ANIMATION_FRAME_MS, MotionState, type Placement } from './motion';
import { pointLayer } from './pointLayer';
import { PointerCursor } from './pointerCursor';
import { FrameLoop } from './frameLoop';
import { applyVehicles } from './vehicleChanges';
import { DENSE_LIMIT, vehicleDrawing } from './vehicleDrawing';
import { vehicleFeature, type LabelChoice, type MapVehicle } from './vehicleFeatures';
import {
  selectedFilter,
  VEHICLE_HIT_IMAGE,
  VEHICLE_HIT_PX,
  VEHICLE_HITS,
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
export interface VehicleLayerProps {
  vehicles: readonly MapVehicle[];
  labels: LabelChoice;
  cluster: boolean;
  selectedId: number | null;
  onVehicleClick: (id: number) => void;
  /** Where the selected vehicle is drawn, on every step of its glide (for its popup). */
  onSelectedPlacement?: (placement: Placement) => void;
}

/**
 * One marker per vehicle: category icon in its status colour rotated by course, optional name labels,
 * a ring on the selected one; moves glide over 30 steps at ~30 fps. Remount it (key) to toggle clustering.
 *
 * A render only hands its vehicles over; the next animation frame applies the newest, once however many
 * renders came before it (glide steps share that frame): the vehicles a live flush changed get their
 * places (MotionState) and dots (the point layer's typed buffer) written in place, and the icons' GeoJSON
 * source a diff of them (or nothing while dots show). Nothing runs between flushes while nothing glides.
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
  /** Vehicles (or labels) a render handed over, applied in the next animation frame. */
  const handed = useRef<{ vehicles: readonly MapVehicle[]; labels: LabelChoice } | null>(null);
  const lastStep = useRef(0);
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
   * Dots or icons, by how many vehicles the view holds (clusters already keep views light); names only
   * when the settings ask for them and the view is not crowded (vehicleDrawing); nothing at all when no
   * vehicle is listed. The source of the icons falls behind while dots show and catches up when icons
   * return.
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
    const { vehicleNames, driverNames } = latest.current.labels;
    const drawing = vehicleDrawing(shown.current.size, inView, vehicleNames || driverNames);
    dense.current = drawing.dots;
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
    setLayersVisible(map, [VEHICLE_POINTS], drawing.dots);
    setLayersVisible(map, [VEHICLE_ICONS, VEHICLE_HITS], drawing.icons);
    setLayersVisible(map, [VEHICLE_LABELS], drawing.labels);
  }, [map, points, sourceSync]);

  /**
   * Applies the vehicles a render handed over (in an animation frame): the places, dots and features of
   * those that changed, then the layers' choice and the source.
   */
  const apply = useCallback(
    (vehicles: readonly MapVehicle[], labels: LabelChoice) => {
      const sync = sourceSync();
      const state = motion.current;
      const changes = applyVehicles(shown.current, vehicles);
      const box = viewBox(map);
      const inView = changes.moved.filter(
        ([a, b]) => inBox(box, a.longitude, a.latitude) || inBox(box, b.longitude, b.latitude),
      );
      const selected = latest.current.selectedId;
      const glide = new Set(
        (inView.length <= MAX_ANIMATED ? inView : inView.filter(([, b]) => b.id === selected)).map(
          ([, b]) => b.id,
        ),
      );
      // A vehicle is its own placement (longitude, latitude, course): no copy per vehicle and flush.
      const jumped: number[] = [];
      for (const [, vehicle] of changes.moved) {
        if (glide.has(vehicle.id)) state.move(vehicle.id, vehicle);
        else {
          state.place(vehicle.id, vehicle);
          jumped.push(vehicle.id);
        }
      }
      for (const vehicle of changes.added) state.place(vehicle.id, vehicle);
      if (changes.membership) state.forget(shown.current);

      const key = `${labels.vehicleNames}/${labels.driverNames}`;
      sync.mark(jumped, changes.membership || key !== labelKey.current);
      sync.mark(
        changes.restyled.map((vehicle) => vehicle.id),
        false,
      );
      labelKey.current = key;
      // The dots: in place while they show (a glide moves its dot step by step), else anew when they do.
      if (changes.membership || !dense.current) pointsStale.current = true;
      if (!pointsStale.current) {
        const dot = (vehicle: MapVehicle) => {
          const at = state.shownAt(vehicle.id) ?? vehicle;
          return {
            id: vehicle.id,
            longitude: at.longitude,
            latitude: at.latitude,
            ign: vehicle.ignitionCode,
          };
        };
        points.update(changes.moved.map(([, after]) => dot(after)));
        points.update(changes.restyled.map(dot));
      }
      updateDensity();
      const selectedAt = selected !== null ? state.shownAt(selected) : undefined;
      if (selectedAt) latest.current.onSelectedPlacement?.(selectedAt);
    },
    [map, points, sourceSync, updateDensity],
  );

  const loopRef = useRef<FrameLoop | null>(null);
  /**
   * The layer's animation frames, one loop for its life made on first use: the vehicles a render handed
   * over (see apply) and the glides' steps at ~30 fps.
   */
  const frameLoop = useCallback(
    () =>
      (loopRef.current ??= new FrameLoop((time) => {
        if (!map.getSource(VEHICLE_SOURCE)) return false;
        const next = handed.current;
        if (next) {
          handed.current = null;
          const drawn = flushDrawing();
          apply(next.vehicles, next.labels);
          drawn();
        }
        const state = motion.current;
        if (!state.animating) return false;
        if (time - lastStep.current >= ANIMATION_FRAME_MS * 0.9) {
          lastStep.current = time;
          const steps = state.advance();
          if (steps.length) {
            const sync = sourceSync();
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
        return state.animating;
      })),
    [map, points, sourceSync, apply],
  );

  useEffect(() => {
    const sync = sourceSync();
    map.addSource(VEHICLE_SOURCE, vehicleSource(cluster));
    if (!map.hasImage(VEHICLE_HIT_IMAGE))
      map.addImage(VEHICLE_HIT_IMAGE, {
        width: VEHICLE_HIT_PX,
        height: VEHICLE_HIT_PX,
        data: new Uint8Array(VEHICLE_HIT_PX * VEHICLE_HIT_PX * 4),
      });
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
    const frames = frameLoop();
    return () => {
      frames.stop();
      handed.current = null;
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
  }, [map, cluster, points, sourceSync, updateDensity, frameLoop]);

  useEffect(() => {
    const sync = sourceSync();
    map.setFilter(VEHICLE_SELECTED, selectedFilter(selectedId) as FilterSpecification);
    setLayersVisible(map, [VEHICLE_SELECTED], selectedId !== null);
    sync.keepCurrent(selectedId);
  }, [map, selectedId, sourceSync]);

  // A render hands its vehicles over; the next animation frame applies the newest (see apply).
  useEffect(() => {
    if (!map.getSource(VEHICLE_SOURCE)) return;
    handed.current = { vehicles, labels };
    frameLoop().ask();
  }, [map, vehicles, labels, cluster, frameLoop]);

  return null;
}
