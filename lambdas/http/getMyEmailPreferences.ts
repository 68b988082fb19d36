import { emailPreferencesOf } from '../../shared/email-preferences';
import { httpHandler } from '../lib/http/http';
import { requireProfile } from '../lib/data/profile-reads';

/** The account page's e-mail switches: what the notifier will honour (a missing kind is on). */
export const handler = httpHandler('getMyEmailPreferences', async ({ params }) => {
  // Consistent: the page reads right after a change is saved.
  const profile = await requireProfile(params.userId, true);
  return { body: { preferences: emailPreferencesOf(profile.notifications) } };
});
