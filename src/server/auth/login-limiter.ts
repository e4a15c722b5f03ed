import type { RateLimit } from '../config';
import type { AppContext } from '../context';
import { addressKey } from '../limits/address-key';
import * as counters from '../limits/counters.repository';
import { purgeCountersNow } from '../limits/rate-limit';

/** A password check the limiter let through; it counts as a failure unless `succeeded()` says otherwise. */
export interface LoginAttempt {
  /** The account had reached its limit: a wrong password now answers 429, not 401. */
  readonly accountLocked: boolean;
  /** The password was right: the reserved slots are given back and this address's failures on the account forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Failed sign-ins per client address (IPv6 per /64) and per account, in fixed windows stored in
 * the database (`rate_limits`), so every instance on one PostgreSQL shares them. An attempt is
 * counted before its password is checked (a reserved slot) and given back only when the password
 * was right, so parallel guesses can never get more than `max` checks per address and window.
 *
 * - an address with `max` failures is refused (429) before any check;
 * - an account with `max` failures answers 429 to every further failure, and refuses any address
 *   that took part in those failures; a correct password from an address with no failure on it
 *   still signs in, so an attacker cannot lock the gym's staff out.
 */
export class LoginLimiter {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'log'>,
    private readonly limit: RateLimit,
  ) {}

  /** Reserves one password check for this address and account, or null: refuse with 429. */
  async reserve(ip: string, account: string, now = Date.now()): Promise<LoginAttempt | null> {
    const { db } = this.ctx;
    const { max, windowMs } = this.limit;
    purgeCountersNow(this.ctx, now);
    const ipKey = `login:ip:${addressKey(ip)}`;
    const accountKey = `login:account:${account}`;
    const pairKey = `login:pair:${addressKey(ip)}\n${account}`;

    if (!(await counters.tryTake(db, ipKey, max, windowMs, now))) return null;
    const accountSlot = await counters.tryTake(db, accountKey, max, windowMs, now);
    // The pair counts this address's attempts on the account; on a locked account only an
    // address with none (this one being the first in flight) may try.
    const pair = await counters.hit(db, pairKey, windowMs, now);
    if (!accountSlot && pair.hits > 1) {
      await counters.giveBack(db, pairKey, now);
      await counters.giveBack(db, ipKey, now);
      return null;
    }
    return {
      accountLocked: !accountSlot,
      succeeded: async () => {
        const at = Date.now();
        await counters.giveBack(db, ipKey, at);
        if (accountSlot) await counters.giveBack(db, accountKey, at);
        await counters.forget(db, pairKey);
      },
    };
  }
}
