/**
 * One profile in a background pass over the book (the weekly job, a migration): each attempt
 * reads the ledger, computes, and writes on the condition of the version read. A profile that
 * changed meanwhile (a deposit, another run) is read again and the work redone from fresh data.
 */
import type { LedgerEntry } from '../../shared/growth';
import { loadLedger, toLedgerEntry } from './ledger';
import { getProfile, type Profile } from './profiles';

/** What an attempt may answer besides its own outcomes: the profile changed, try again. */
export const CHANGED = 'changed';

export async function passOverProfile<Outcome>(
  listed: Profile,
  maxAttempts: number,
  attempt: (profile: Profile, ledger: LedgerEntry[], last: boolean) => Promise<Outcome | typeof CHANGED>,
): Promise<Outcome | 'skipped' | 'failed'> {
  let profile: Profile | null = listed;
  for (let n = 1; n <= maxAttempts; n++) {
    if (!profile || profile.deleted) return 'skipped';
    const ledger = (await loadLedger(profile.sub, true)).map(toLedgerEntry);
    const outcome = await attempt(profile, ledger, n === maxAttempts);
    if (outcome !== CHANGED) return outcome;
    profile = await getProfile(profile.sub, true);
  }
  return 'failed';
}
