import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';
import { LiveFold, mergeBy } from '../api/liveMerge';
import { connectLive } from '../api/liveSocket';
import { queryKeys } from '../api/queries';
import { playSound } from '../api/sounds';
import type { AppEvent, Device, Position, User } from '../api/types';
import { flushBegins, flushFolded } from '../api/flushProbe';
import { positionsArrived } from '../api/liveArrivals';
import { AREAS } from './areas';
import { LiveRefresher } from './liveRefresh';
import { liveNotices, noticeText, noticeVariant } from './liveNotices';

export const LIVE_FLUSH_MS = 10_000;
export const NOTIFICATION_TOAST_MS = 10_000;
const EVENTS_KEPT = 500;

/** A phone-sized window (the theme's `sm` breakpoint, 600 px). */
const isPhone = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(max-width: 599.95px)').matches
    : false;

/**
 * Where a live event's notice shows: bottom right on a desktop; at the top on a phone, where the bottom
 * holds the controls people press (the replay's play bar, the list sheet) and a stack of notices there
 * would cover them.
 */
export const noticeAnchor = (phone: boolean, rtl = false) =>
  phone
    ? ({ vertical: 'top', horizontal: 'center' } as const)
    : // the page's end corner: its left right to left (notistack's own styles are not mirrored)
      ({ vertical: 'bottom', horizontal: rtl ? 'left' : 'right' } as const);

/**
 * The live socket of a logged-in user: messages are folded as they come and applied every 10 s in one
 * update of the query cache; each event of a flush becomes a 10 s notice named for its vehicle, with the
 * user's sound (a phone shows one notice per flush, see liveNotices). The areas' own queries are refetched
 * as their manifests ask (app/liveRefresh.ts).
 */
export function useLiveUpdates(user: User | null): void {
  const queryClient = useQueryClient();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const userId = user?.id;
  const sound = user?.attributes?.notification_sound;

  useEffect(() => {
    if (userId === undefined) return;
    // messages folded on arrival: the flush takes their batch made
    const fold = new LiveFold();
    let phoneNotice: SnackbarKey | undefined;
    // Each area's queries that live messages refresh (app/areas.ts: the manifests' `live`).
    const refresher = new LiveRefresher(AREAS, (queryKey) => {
      void queryClient.invalidateQueries({ queryKey });
    });
    const stop = connectLive((message) => {
      refresher.arrived(message);
      fold.add(message);
      positionsArrived(message.positions);
    });
    const flush = () => {
      if (fold.empty) return;
      const started = flushBegins();
      const batch = fold.take();
      if (batch.devices.items.length) {
        queryClient.setQueryData<Device[]>(queryKeys.devices, (list) =>
          mergeBy(list, batch.devices, (d) => d.id),
        );
      }
      if (batch.positions.items.length) {
        queryClient.setQueryData<Position[]>(queryKeys.positions, (list) =>
          mergeBy(list, batch.positions, (p) => p.deviceId),
        );
      }
      if (batch.events.length) {
        queryClient.setQueryData<AppEvent[]>(queryKeys.events, (list) =>
          [...(list ?? []), ...batch.events].slice(-EVENTS_KEPT),
        );
        const phone = isPhone();
        const devices = queryClient.getQueryData<Device[]>(queryKeys.devices);
        const names = new Map((devices ?? []).map((device) => [device.id, device.name]));
        // A phone keeps one notice: the newest flush's replaces the one before.
        if (phone && phoneNotice !== undefined) closeSnackbar(phoneNotice);
        for (const notice of liveNotices(batch.events, phone)) {
          const key = enqueueSnackbar(noticeText(notice, names.get(notice.event.deviceId), t), {
            variant: noticeVariant(notice),
            autoHideDuration: NOTIFICATION_TOAST_MS,
            anchorOrigin: noticeAnchor(phone, document.documentElement.dir === 'rtl'),
          });
          if (phone) phoneNotice = key;
        }
        playSound(sound);
      }
      refresher.flushed();
      flushFolded(started, batch.positions.items.length);
    };
    const timer = setInterval(flush, LIVE_FLUSH_MS);
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [userId, sound, queryClient, enqueueSnackbar, closeSnackbar, t]);
}
