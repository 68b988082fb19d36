import { httpHandler } from '../lib/http/http';
import { statementAnswer } from '../lib/data/statements';

/** The client's statement for ?from=YYYY-MM-DD&to=YYYY-MM-DD, as CSV. */
export const handler = httpHandler('getStatement', async ({ caller, params, query, now }) =>
  statementAnswer(params.uid, caller, query, now),
);
