/**
 * Login throttling that slows guessing without locking anyone out. Failures are counted per (account,
 * address) pair and per address, in 15-minute windows: a pair over MAX_PAIR_FAILURES is refused (429) for
 * that pair only, so the account's owner still logs in from anywhere else; an address over
 * MAX_ADDRESS_FAILURES is refused for every account (offices share one public address, hence the higher
 * limit). Failures on one account from many addresses never refuse it: past ACCOUNT_DELAY_AFTER they make
 * each attempt on it wait a little longer (up to MAX_DELAY_MS), before the password is checked, so the wait
 * reveals nothing.
 *
 * Limits: 5 wrong passwords per pair leave room for a few typos and a caps-lock, and cost a guesser a new
 * address every 5 guesses at one account; 20 per address lets an office behind one NAT address survive
 * several people mistyping at once while still capping a single address at 20 guesses per 15 minutes across
 * all accounts. The account delay (250 ms doubling to 4 s past 10 failures from anywhere) only slows a
 * distributed guesser and the owner alike by seconds, never refuses.
 */
import { MemoryCounterStore, type CounterStore } from './throttleStore';

export const MAX_PAIR_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_DELAY_AFTER = 10;
export const MAX_DELAY_MS = 4000;

const keys = (email: string, address: string) => {
  const account = email.trim().toLowerCase();
  return { pair: `pair:${account}|${address}`, address: `ip:${address}`, account: `account:${account}` };
};

export class LoginThrottle {
  constructor(private readonly store: CounterStore = new MemoryCounterStore()) {}

  async isRefused(email: string, address: string): Promise<boolean> {
    const k = keys(email, address);
    const [pair, ip] = await Promise.all([this.store.count(k.pair), this.store.count(k.address)]);
    return pair >= MAX_PAIR_FAILURES || ip >= MAX_ADDRESS_FAILURES;
  }

  /** The wait before an attempt on this account: grows with the failures on it from everywhere. */
  async delayMs(email: string): Promise<number> {
    const failures = await this.store.count(keys(email, '').account);
    if (failures < ACCOUNT_DELAY_AFTER) return 0;
    return Math.min(MAX_DELAY_MS, 250 * 2 ** (failures - ACCOUNT_DELAY_AFTER));
  }

  async fail(email: string, address: string): Promise<void> {
    const k = keys(email, address);
    await Promise.all([
      this.store.hit(k.pair, WINDOW_MS),
      this.store.hit(k.address, WINDOW_MS),
      this.store.hit(k.account, WINDOW_MS),
    ]);
  }

  /**
   * A success clears the pair only. The address's count stays, or a guesser holding one valid account could
   * reset the address's count between guesses at others; an office's colleague who logs in does not wipe
   * the trace of someone guessing from the same address either (it ends with its window). The account's
   * count stays too: the owner logging in says nothing about the guessers elsewhere, who would otherwise
   * reset the delay every time the owner logs in.
   */
  async succeed(email: string, address: string): Promise<void> {
    await this.store.clear(keys(email, address).pair);
  }

  /**
   * Token logins (GET /api/session?token=, issue 33 point 13) are throttled like passwords: wrong tokens
   * count per address under their own key (MAX_PAIR_FAILURES, as one account from one address) and in the
   * address's count shared with passwords. There is no account to slow down: a token names none.
   */
  async isTokenRefused(address: string): Promise<boolean> {
    const [tokens, ip] = await Promise.all([
      this.store.count(`token:${address}`),
      this.store.count(keys('', address).address),
    ]);
    return tokens >= MAX_PAIR_FAILURES || ip >= MAX_ADDRESS_FAILURES;
  }

  async tokenFailed(address: string): Promise<void> {
    await Promise.all([
      this.store.hit(`token:${address}`, WINDOW_MS),
      this.store.hit(keys('', address).address, WINDOW_MS),
    ]);
  }

  async tokenSucceeded(address: string): Promise<void> {
    await this.store.clear(`token:${address}`);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
