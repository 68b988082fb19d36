/** POST /api/admin/statements/balances/exports: starts writing the whole book's balances to a file (lib/balances-export.ts). */
import { startBalancesExport } from '../lib/balances-export';
import { httpHandler } from '../lib/http';

export const handler = httpHandler('startBalancesExport', async ({ caller, now }) => ({ status: 202, body: await startBalancesExport(caller.sub, now) }));
