/** GET /api/admin/statements/balances/exports/{id}: where an export stands, with a short-lived download link once ready. */
import { readBalancesExport } from '../lib/money/balances-export';
import { httpHandler } from '../lib/http/http';

export const handler = httpHandler('getBalancesExport', async ({ params, now }) => ({
  body: await readBalancesExport(params.id, now),
}));
