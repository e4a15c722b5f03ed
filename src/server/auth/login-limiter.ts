// Counts failed logins in a sliding window, per client address and per account.
// In memory: with several instances each keeps its own count (docs/decisions.md).
export interface LoginLimiterOptions {
  maxFailures: number;
  windowMs: number;
}

export class LoginLimiter {
  private byIp = new Map<string, number[]>();
  private byAccount = new Map<string, number[]>();
  private byPair = new Map<string, number[]>();

  constructor(private readonly opts: LoginLimiterOptions = { maxFailures: 10, windowMs: 15 * 60_000 }) {}

  private recent(map: Map<string, number[]>, key: string, now: number): number[] {
    const list = (map.get(key) ?? []).filter((t) => now - t < this.opts.windowMs);
    if (list.length) map.set(key, list);
    else map.delete(key);
    return list;
  }

  /**
   * Whether this attempt must be refused before the password is even checked:
   * the address is over its limit, or the account is and this address helped put it there.
   * A locked account still lets a correct password through from an address with no failures.
   */
  isBlocked(ip: string, account: string, now = Date.now()): boolean {
    const max = this.opts.maxFailures;
    if (this.recent(this.byIp, ip, now).length >= max) return true;
    if (this.recent(this.byAccount, account, now).length >= max) {
      return this.recent(this.byPair, `${ip}\n${account}`, now).length > 0;
    }
    return false;
  }

  accountLocked(account: string, now = Date.now()): boolean {
    return this.recent(this.byAccount, account, now).length >= this.opts.maxFailures;
  }

  recordFailure(ip: string, account: string, now = Date.now()): void {
    for (const [map, key] of [
      [this.byIp, ip],
      [this.byAccount, account],
      [this.byPair, `${ip}\n${account}`],
    ] as const) {
      const list = this.recent(map, key, now);
      list.push(now);
      map.set(key, list);
    }
    this.sweep(now);
  }

  recordSuccess(ip: string, account: string): void {
    this.byPair.delete(`${ip}\n${account}`);
  }

  // Keep memory bounded under a spray of addresses.
  private sweep(now: number): void {
    if (this.byIp.size + this.byPair.size < 50_000) return;
    for (const map of [this.byIp, this.byAccount, this.byPair]) {
      for (const key of [...map.keys()]) this.recent(map, key, now);
    }
  }
}
