import { httpHandler } from '../lib/http/http';
import { requireProfile } from '../lib/data/profiles';
import { eligibilityOf, toEligibilityDto } from '../lib/data/withdrawal-requests';

export const handler = httpHandler('getEligibility', async ({ caller, params, now }) => {
  const uid = params.uid;
  const profile = await requireProfile(uid);
  return { body: { data: toEligibilityDto(await eligibilityOf(profile, now)) } };
});
