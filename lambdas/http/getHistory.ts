import { httpHandler } from '../lib/http';
import { historyAnswer } from '../lib/statements';

/** The client's balance after every weekly update and every ledger entry. */
export const handler = httpHandler('getHistory', undefined, async ({ caller, params }) => {
  const uid = params.uid;
  return historyAnswer(uid);
});
