import { NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { setEmailPreferences } from '../lib/data/profile-writes';
import { refusals } from '../../shared/refusals';

/**
 * A user turns optional e-mails on or off (the whole set: setting it again is harmless). The
 * notifier reads the profile when it sends, so the change applies to the next e-mail.
 */
export const handler = httpHandler('updateMyEmailPreferences', async ({ params, body }) => {
  if ((await setEmailPreferences(params.userId, body)) === 'gone') throw new NotFound(refusals.clientNotFound);
  return { body: { preferences: body } };
});
