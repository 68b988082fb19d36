/**
 * The admin client list, a page at a time: ?limit (up to 100) &cursor &sort=balance-desc|balance-asc
 * &search (a case-insensitive e-mail substring); with &status=closed, the closed accounts, newest
 * closed first. Never reads the whole book (lib/data/client-list.ts, lib/data/closed-list.ts).
 */
import { httpHandler } from '../lib/http/http';
import { listClientsPage } from '../lib/data/client-list';
import { listClosedPage } from '../lib/data/closed-list';

export const handler = httpHandler('listClients', async ({ query, now }) => ({
  body: await (query.closed ? listClosedPage(query) : listClientsPage(query, now)),
}));
