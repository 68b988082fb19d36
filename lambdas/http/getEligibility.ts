import { httpHandler } from '../lib/http';
import { requireProfile } from '../lib/profiles';
import { eligibilityOf, toEligibilityDto } from '../lib/withdrawal-requests';

export const handler = httpHandler('getEligibility', async ({ caller, params, now }) => {
  const uid = params.uid;
  const profile = await requireProfile(uid);
  return { body: { data: toEligibilityDto(await eligibilityOf(profile, now)) } };
});
