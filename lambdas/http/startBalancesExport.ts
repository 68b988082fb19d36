/** POST /api/admin/statements/balances/exports: starts writing the whole book's balances to a file (lib/balances-export.ts). */
import { startBalancesExport } from '../lib/balances-export';
import { httpHandler } from '../lib/http';
import { actorEmail } from '../lib/profiles';

export const handler = httpHandler('startBalancesExport', async ({ caller, now }) => ({ status: 202, body: await startBalancesExport({ sub: caller.sub, email: await actorEmail(caller) }, now) }));
