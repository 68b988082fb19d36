import { httpHandler } from '../lib/http/http';
import { statementAnswer } from '../lib/data/statements';

export const handler = httpHandler('getClientStatement', async ({ caller, params, query, now }) =>
  statementAnswer(params.id, caller, query, now),
);
