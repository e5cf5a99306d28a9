import { addressGroup } from '../../platform/client-address.ts';
import type { RateCounters } from '../../platform/rate-limit.ts';

/**
 * Brute-force protection (docs/security.md), shared by every server process through the database.
 * Each attempt is counted before its password is checked, over a sliding 15 minutes:
 * - 5 per account and address: the attacker's own lock, which never shuts out the agent elsewhere;
 * - 20 per address, whatever the account: one address trying many names;
 * - 50 per account from all addresses together, counted only for attempts the two limits above let
 *   through: guessing spread over many addresses stays bounded; it takes 10 addresses (IPv6: /64
 *   networks) to lock the agent out, and only while the attack lasts.
 */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccountAndAddress: 5, perAddress: 20, perAccount: 50 } as const;

export type LoginAttempt =
  /** `debut`: this attempt is the one that crossed the limit (the journal records the lockout once). */
  | { allowed: false; motif: 'compte_et_adresse' | 'adresse' | 'compte'; debut: boolean }
  | { allowed: true; succeeded: () => Promise<void> };

export function loginThrottle(counters: RateCounters) {
  const windowMs = LOGIN_LIMITS.windowMinutes * 60_000;
  return {
    /** Counts this attempt (atomically, before any password check) and says whether it may go on. */
    async attempt(username: string, ip: string): Promise<LoginAttempt> {
      const account = username.toLowerCase().slice(0, 100);
      const address = addressGroup(ip);
      const pair = `login:pair:${account}|${address}`;
      const byAddress = `login:address:${address}`;
      const byAccount = `login:account:${account}`;
      const local = await counters.hit([pair, byAddress], windowMs);
      // The sliding estimate moves by one per attempt: the first refused one is within one of the limit.
      const over = (estimate: number, limit: number) => estimate > limit;
      const first = (estimate: number, limit: number) => estimate <= limit + 1;
      const pairHits = local.estimate(pair);
      if (over(pairHits, LOGIN_LIMITS.perAccountAndAddress))
        return {
          allowed: false,
          motif: 'compte_et_adresse',
          debut: first(pairHits, LOGIN_LIMITS.perAccountAndAddress),
        };
      const addressHits = local.estimate(byAddress);
      if (over(addressHits, LOGIN_LIMITS.perAddress))
        return { allowed: false, motif: 'adresse', debut: first(addressHits, LOGIN_LIMITS.perAddress) };
      const global = await counters.hit([byAccount], windowMs);
      const accountHits = global.estimate(byAccount);
      if (over(accountHits, LOGIN_LIMITS.perAccount))
        return { allowed: false, motif: 'compte', debut: first(accountHits, LOGIN_LIMITS.perAccount) };
      return {
        allowed: true,
        // The right password: this address's mistakes on the account are forgiven, and the attempt
        // no longer counts against the address or the account.
        succeeded: async () => {
          await counters.clear(pair);
          await counters.release([byAddress], local.windowStart);
          await counters.release([byAccount], global.windowStart);
        },
      };
    },
  };
}
