import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';

export interface SettingsItem<T> {
  /** The item as edited: the draft once touched, else the loaded item, else the defaults. */
  item: T | undefined;
  update: (change: Partial<T>) => void;
  loading: boolean;
}

/**
 * An operator or station for its form: loaded by id (`/report/api.php/{collection}/{id}`), or the
 * defaults for a new one; the draft is kept while the user types.
 */
export function useSettingsItem<T>(
  queryKey: readonly unknown[],
  id: string | undefined,
  fetchOne: (id: number) => Promise<T>,
  defaults: () => T,
): SettingsItem<T> {
  const loaded = useQuery({
    queryKey: [...queryKey, Number(id)],
    queryFn: () => fetchOne(Number(id)),
    enabled: !!id,
  });
  const [draft, setDraft] = useState<T | null>(null);
  const [initial] = useState(defaults);
  const base = id ? loaded.data : initial;
  const update = useCallback(
    (change: Partial<T>) =>
      setDraft((current) => {
        const from = current ?? base;
        return from === undefined ? current : { ...from, ...change };
      }),
    [base],
  );
  return { item: draft ?? base, update, loading: !!id && loaded.isLoading };
}
