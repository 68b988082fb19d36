/**
 * One profile in a background pass over the book (the weekly job, a migration): each attempt
 * reads the ledger (or what of it the pass needs), computes, and writes on the condition of the
 * version read. A profile that
 * changed meanwhile (a deposit, another run) is read again and the work redone from fresh data.
 */
import type { LedgerEntry } from '../../../shared/growth';
import { loadLedger, toLedgerEntry } from './ledger';
import { getProfile } from './profile-reads';
import type { Profile } from './profile-item';

/** What an attempt may answer besides its own outcomes: the profile changed, try again. */
export const CHANGED = 'changed';

/** What an attempt is given of the profile's ledger: all of it, unless the pass reads less. */
const wholeLedger = async (profile: Profile): Promise<LedgerEntry[]> =>
  (await loadLedger(profile.sub, true)).map(toLedgerEntry);

export async function passOverProfile<Outcome, Read = LedgerEntry[]>(
  listed: Profile,
  maxAttempts: number,
  attempt: (profile: Profile, read: Read, last: boolean) => Promise<Outcome | typeof CHANGED>,
  read: (profile: Profile) => Promise<Read> = wholeLedger as unknown as (profile: Profile) => Promise<Read>,
): Promise<Outcome | 'skipped' | 'failed'> {
  let profile: Profile | null = listed;
  for (let n = 1; n <= maxAttempts; n++) {
    if (!profile || profile.deleted) return 'skipped';
    const outcome = await attempt(profile, await read(profile), n === maxAttempts);
    if (outcome !== CHANGED) return outcome;
    // Changed, conflicted or throttled: wait a little (jittered, growing) before reading it again,
    // so a busy partition or a concurrent writer has time to settle.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1000, 25 * 2 ** n)));
    profile = await getProfile(profile.sub, true);
  }
  return 'failed';
}
