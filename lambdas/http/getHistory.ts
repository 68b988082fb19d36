import { httpHandler } from '../lib/http/http';
import { historyAnswer } from '../lib/data/statements';

/** The client's balance after every weekly update and every ledger entry. */
export const handler = httpHandler('getHistory', async ({ caller, params }) => historyAnswer(params.uid, caller));
