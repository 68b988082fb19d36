/** Who made an entry, as the ledger and the activity log record it: the acting administrator. */
import { getProfile } from '../data/profile-reads';

/** The e-mail recorded on ledger entries as who made them: the admin's own profile, else its username. */
export async function actorEmail(caller: { sub: string; username: string }): Promise<string> {
  return (await getProfile(caller.sub))?.email ?? caller.username;
}
