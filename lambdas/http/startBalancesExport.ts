/** POST /api/admin/statements/balances/exports: starts writing the whole book's balances to a file (lib/balances-export.ts). */
import { startBalancesExport } from '../lib/money/balances-export';
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';

export const handler = httpHandler('startBalancesExport', async ({ caller, now }) => ({
  status: 202,
  body: await startBalancesExport({ sub: caller.sub, email: await actorEmail(caller) }, now),
}));
