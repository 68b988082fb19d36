import { httpHandler } from '../lib/http';
import { historyAnswer } from '../lib/statements';

export const handler = httpHandler('getClientHistory', async ({ params }) => historyAnswer(params.id));
