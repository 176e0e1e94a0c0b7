import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../api/client';

export interface EditItem<T> {
  /** The item as edited: the draft once touched, else the loaded item, else the defaults. */
  item: T | undefined;
  update: (change: (item: T) => T) => void;
  loading: boolean;
}

/** Loads `/api/{endpoint}/{id}` for editing (or starts from `defaults` without an id) and keeps the draft. */
export function useEditItem<T>(endpoint: string, id: string | undefined, defaults: () => T): EditItem<T> {
  const loaded = useQuery({
    queryKey: [endpoint, Number(id)],
    queryFn: () => getJson<T>(`/api/${endpoint}/${id}`),
    enabled: !!id,
  });
  const [draft, setDraft] = useState<T | null>(null);
  const [initial] = useState(defaults);
  const base = id ? loaded.data : initial;
  const item = draft ?? base;
  const update = useCallback(
    (change: (item: T) => T) =>
      setDraft((current) => {
        const from = current ?? base;
        return from === undefined ? current : change(from);
      }),
    [base],
  );
  return { item, update, loading: !!id && loaded.isLoading };
}
