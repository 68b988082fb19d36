import { readClientPage } from '../lib/data/client-page';
import { httpHandler } from '../lib/http/http';
import { config } from '../lib/runtime/config';

/** GET /api/admin/clients/{id}: the console's page for one client, a closed one's too. */
export const handler = httpHandler('getClient', async ({ caller, params, now }) => ({
  body: await readClientPage(params.id, caller, now, config.clientAgreement),
}));
