import { httpHandler } from '../lib/http';
import { statementAnswer } from '../lib/statements';

export const handler = httpHandler('getClientStatement', async ({ params, query, now }) => statementAnswer(params.id, query, now));
