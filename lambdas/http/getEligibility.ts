import { httpHandler } from '../lib/http/http';
import { readableProfile } from '../lib/data/profile-reads';
import { eligibilityOf, toEligibilityDto } from '../lib/data/withdrawal-requests';

export const handler = httpHandler('getEligibility', async ({ caller, params, now }) => {
  const uid = params.uid;
  const profile = await readableProfile(uid, caller);
  return { body: { data: toEligibilityDto(await eligibilityOf(profile, now)) } };
});
