import { httpHandler } from '../lib/http';
import { historyAnswer } from '../lib/statements';

export const handler = httpHandler('getClientHistory', undefined, async ({ params }) => historyAnswer(params.id));
