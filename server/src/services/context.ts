/** The services every route and job receives: one object built at start, no module globals. */
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { LoginThrottle } from '../auth/throttle';
import type { MailBudget } from '../auth/mailBudget';
import type { Mailer } from './mailer';
import type { LiveHub } from '../live/hub';

export interface Services {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** failed-login counters (in Redis when configured, so shared by every node); closed on stop */
  throttle: LoginThrottle;
  /** outbound mail asked for by users (shares, password resets), counted like the throttle; closed on stop */
  mailBudget: MailBudget;
  live: LiveHub;
  /** listeners told when entities or links change (caches of the pipeline) */
  changes: ChangeBus;
  /** sends a text command to a connected device and resolves with its answer (set when listeners run) */
  commands?: CommandChannel;
}

export type ChangeKind = 'devices' | 'groups' | 'geofences' | 'drivers' | 'notifications' | 'users' | 'links';

export class ChangeBus {
  private listeners = new Set<(kind: ChangeKind) => void>();
  on(listener: (kind: ChangeKind) => void): void {
    this.listeners.add(listener);
  }
  emit(kind: ChangeKind): void {
    for (const l of this.listeners) l(kind);
  }
}

export interface CommandChannel {
  send(uniqueId: string, text: string, timeoutMs?: number): Promise<string>;
}
