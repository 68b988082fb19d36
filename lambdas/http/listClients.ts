/**
 * The admin client list, a page at a time: ?limit (up to 100) &cursor &sort=balance-desc|balance-asc
 * &search (a case-insensitive e-mail substring). Never reads the whole book (lib/client-list.ts).
 */
import { httpHandler } from '../lib/http/http';
import { listClientsPage } from '../lib/data/client-list';

export const handler = httpHandler('listClients', async ({ query, now }) => ({ body: await listClientsPage(query, now) }));
