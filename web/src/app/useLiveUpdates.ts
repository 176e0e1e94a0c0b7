import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { drainMessages, eventText, mergeBy } from '../api/liveMerge';
import { connectLive } from '../api/liveSocket';
import { queryKeys } from '../api/queries';
import { playSound } from '../api/sounds';
import type { AppEvent, Device, LiveMessage, Position, User } from '../api/types';
import { flushBegins, flushFolded } from '../api/flushProbe';

export const LIVE_FLUSH_MS = 10_000;
export const NOTIFICATION_TOAST_MS = 10_000;
const EVENTS_KEPT = 500;

/**
 * The live socket of a logged-in user: messages are queued and applied every 10 s in one update of the
 * query cache; each event of a flush becomes a 10 s toast at the bottom right with the user's sound.
 */
export function useLiveUpdates(user: User | null): void {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const userId = user?.id;
  const sound = user?.attributes?.notification_sound;

  useEffect(() => {
    if (userId === undefined) return;
    let queue: LiveMessage[] = [];
    let tachoChanged = false;
    const stop = connectLive((message) => {
      if (message.tachoDrivers?.length) tachoChanged = true;
      // Refill notices are rare and wanted at once: a refill posted from a phone shows in an open refill
      // centre (or the vehicle's list) within a second, not at the next flush.
      if (message.refills?.length) void queryClient.invalidateQueries({ queryKey: queryKeys.refills });
      // A photo or video stored, converted or removed shows at once in an open camera list or dialog.
      if (message.cameraMedia?.length)
        void queryClient.invalidateQueries({ queryKey: queryKeys.cameraMedia });
      queue.push(message);
    });
    const flush = () => {
      if (queue.length === 0) return;
      const started = flushBegins();
      const batch = drainMessages(queue);
      queue = [];
      if (batch.devices.length) {
        queryClient.setQueryData<Device[]>(queryKeys.devices, (list) =>
          mergeBy(list, batch.devices, (d) => d.id),
        );
      }
      if (batch.positions.length) {
        queryClient.setQueryData<Position[]>(queryKeys.positions, (list) =>
          mergeBy(list, batch.positions, (p) => p.deviceId),
        );
      }
      if (batch.events.length) {
        queryClient.setQueryData<AppEvent[]>(queryKeys.events, (list) =>
          [...(list ?? []), ...batch.events].slice(-EVENTS_KEPT),
        );
        for (const event of batch.events) {
          enqueueSnackbar(eventText(event), {
            variant: 'info',
            autoHideDuration: NOTIFICATION_TOAST_MS,
            anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
          });
        }
        playSound(sound);
      }
      // The alert central's open page (if any) shows new events and statuses; filters and page are kept.
      if (batch.events.length || batch.eventStatuses.length) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.alertEvents });
      }
      // Driver counters change every minute while a fleet drives: the open drivers grid reads them once a flush.
      if (tachoChanged) {
        tachoChanged = false;
        void queryClient.invalidateQueries({ queryKey: queryKeys.tachoDrivers });
      }
      flushFolded(started, batch.positions.length);
    };
    const timer = setInterval(flush, LIVE_FLUSH_MS);
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [userId, sound, queryClient, enqueueSnackbar]);
}
