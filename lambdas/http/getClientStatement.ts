import { httpHandler } from '../lib/http';
import { statementAnswer } from '../lib/statements';

export const handler = httpHandler('getClientStatement', undefined, async ({ params, query, now }) => statementAnswer(params.id, query, now));
