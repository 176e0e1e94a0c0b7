import { useCallback, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

export interface VehicleItem<D> {
  /** The draft: edited, else made from the loaded item, else the defaults; undefined while loading. */
  item: D | undefined;
  update: (change: (item: D) => D) => void;
  loading: boolean;
  /** An id that is not among the vehicle's items. */
  missing: boolean;
}

/**
 * The item a form edits, taken from the vehicle's list (the calls of document 3 §7 list a vehicle's
 * items; there is no call for one item), or a new draft without an id.
 */
export function useVehicleItem<T extends { id: number }, D>(
  list: UseQueryResult<T[]>,
  id: number | null,
  toDraft: (item: T) => D,
  defaults: () => D,
): VehicleItem<D> {
  const [draft, setDraft] = useState<D | null>(null);
  const [initial] = useState(defaults);
  const loaded = id === null ? undefined : list.data?.find((item) => item.id === id);
  const base = id === null ? initial : loaded && toDraft(loaded);
  const item = draft ?? base;
  const update = useCallback(
    (change: (item: D) => D) =>
      setDraft((current) => {
        const from = current ?? base;
        return from === undefined ? current : change(from);
      }),
    [base],
  );
  return {
    item,
    update,
    loading: id !== null && list.isLoading,
    missing: id !== null && !list.isLoading && !loaded,
  };
}
