import { httpHandler } from '../lib/http/http';
import { historyAnswer } from '../lib/data/statements';

export const handler = httpHandler('getClientHistory', async ({ caller, params }) => historyAnswer(params.id, caller));
