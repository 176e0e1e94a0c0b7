import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../api/queries';
import { saveSnapshot, SNAPSHOT_LISTS, type SnapshotList } from './fleetSnapshot';
import { useSession } from '../session/sessionContext';

/** After the fleet first arrives, how long before it is kept (the map draws first). */
const FIRST_SAVE_MS = 3000;

/**
 * Keeps the user and the fleet on screen for the next visit (app/fleetSnapshot): once shortly after the
 * lists arrive, and whenever the page is hidden or left.
 */
export function SnapshotKeeper() {
  const client = useQueryClient();
  const { user } = useSession();

  useEffect(() => {
    if (!user) return;
    const save = () => {
      const lists: Partial<Record<SnapshotList, unknown>> = {};
      for (const key of SNAPSHOT_LISTS) lists[key] = client.getQueryData(queryKeys[key]);
      saveSnapshot(user, lists);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (timer || event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.devices[0]) return;
      if (event.query.state.status === 'success') timer = setTimeout(save, FIRST_SAVE_MS);
    });
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [client, user]);

  return null;
}
