/**
 * The outbound-mail budget (issue 33, point 6): mail the platform sends because someone asked, not because
 * an event fired, is counted in fixed one-hour windows, per sender and per recipient address, in the
 * login throttle's store (Redis when FROTA_REDIS_URL is set, so every node counts the same mails).
 *
 * - Shares (events, refills): 20 per user and 20 per recipient address (To and CC) an hour. A user
 *   following up an incident sends a few; a workshop address receives a few from each of a fleet's
 *   operators. A script sending thousands is stopped at 20, and one address cannot be flooded by many
 *   users at once either.
 * - Password resets (no session): 5 per address an hour (one link is enough, a few cover lost mails) and
 *   20 per client address, so one machine cannot walk a list of addresses. Addresses that match no
 *   account are counted the same, so the refusal says nothing about which addresses exist.
 *
 * Every try counts, refused ones too: the window ends at its fixed time whatever the sender does.
 */
import { HttpError } from '../errors';
import type { CounterStore } from './throttleStore';

export const MAIL_WINDOW_MS = 60 * 60 * 1000;
export const SHARES_PER_USER = 20;
export const SHARES_PER_RECIPIENT = 20;
export const RESETS_PER_ADDRESS = 5;
export const RESETS_PER_CLIENT = 20;
export const MAIL_LIMITED = 'Demasiados envios. Tente novamente mais tarde.';

const address = (email: string) => email.trim().toLowerCase();

export class MailBudget {
  constructor(private readonly store: CounterStore) {}

  /** Counts the tries under `limits` (key → limit) and answers whether every one is within its limit. */
  private async spend(limits: Array<[string, number]>): Promise<boolean> {
    const counts = await Promise.all(limits.map(([key]) => this.store.hit(key, MAIL_WINDOW_MS)));
    return counts.every((count, i) => count <= limits[i][1]);
  }

  /** One share mail by `userId` to `recipients`: 429 when over the user's or a recipient's budget. */
  async share(userId: number, recipients: string[]): Promise<void> {
    const unique = [...new Set(recipients.map(address))];
    const ok = await this.spend([
      [`sharer:${userId}`, SHARES_PER_USER],
      ...unique.map((to): [string, number] => [`shareto:${to}`, SHARES_PER_RECIPIENT]),
    ]);
    if (!ok) throw new HttpError(429, MAIL_LIMITED);
  }

  /** One password reset asked for `email` from `client` (its IP): 429 when over either budget. */
  async reset(email: string, client: string): Promise<void> {
    const ok = await this.spend([
      [`resetip:${client}`, RESETS_PER_CLIENT],
      [`resetto:${address(email)}`, RESETS_PER_ADDRESS],
    ]);
    if (!ok) throw new HttpError(429, MAIL_LIMITED);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
