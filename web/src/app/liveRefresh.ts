/**
 * The areas' live refreshes (their manifests' `live`): a message that carries one of a refresh's kinds
 * (a module's `changed` items of that kind, or a field such as `events`)
 * refetches its queries at once (`now`) or once at the next flush (`flush`).
 */
import type { QueryKey } from '@tanstack/react-query';
import type { LiveMessage } from '../api/types';
import type { AreaManifest, LiveRefresh } from '../session/areas';

/** A kind is a module's `changed` kind (`refills`, …) or a field of the message (`events`, …). */
const carries = (message: LiveMessage, refresh: LiveRefresh): boolean =>
  refresh.kinds.some((kind) => {
    if (message.changed?.some((change) => change.kind === kind)) return true;
    const items: unknown = (message as Record<string, unknown>)[kind];
    return Array.isArray(items) && items.length > 0;
  });

export class LiveRefresher {
  private readonly refreshes: readonly LiveRefresh[];
  private readonly due = new Set<LiveRefresh>();

  constructor(
    areas: readonly AreaManifest[],
    private readonly invalidate: (queryKey: QueryKey) => void,
  ) {
    this.refreshes = areas.flatMap((area) => area.live ?? []);
  }

  /** A message arrives: the `now` refreshes it concerns run, the `flush` ones wait for the flush. */
  arrived(message: LiveMessage): void {
    for (const refresh of this.refreshes) {
      if (!carries(message, refresh)) continue;
      if (refresh.when === 'now') this.invalidate(refresh.queryKey);
      else this.due.add(refresh);
    }
  }

  /** The flush: each waiting refresh runs once. */
  flushed(): void {
    for (const refresh of this.due) this.invalidate(refresh.queryKey);
    this.due.clear();
  }
}
