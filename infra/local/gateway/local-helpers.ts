/**
 * /__local/*: the helpers only the local stack has (the mailbox, the weekly growth run, the monthly
 * statements run), each
 * answering only same-origin callers (local-helper-guard.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localHelperRefusal } from '../local-helper-guard';
import { latestMail, mailboxList } from './mailbox-helper';
import { send } from './send';
import type { GatewayOptions, GatewayRoute } from './types';
import { weeklyGrowthHelper } from './weekly-growth-helper';
import { monthlyStatementsHelper } from './monthly-statements-helper';

interface LocalHelper {
  method: 'GET' | 'POST';
  path: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

export function localHelpers(
  options: Pick<GatewayOptions, 'mailbox' | 'runWeeklyGrowth' | 'runMonthlyStatements'>,
): GatewayRoute {
  const { runMonthlyStatements } = options;
  const helpers: LocalHelper[] = [
    { method: 'GET', path: '/__local/mailbox', handle: (_req, res, url) => mailboxList(options.mailbox, res, url) },
    {
      method: 'GET',
      path: '/__local/mailbox/latest',
      handle: (_req, res, url) => latestMail(options.mailbox, res, url),
    },
    {
      method: 'POST',
      path: '/__local/run/weekly-growth',
      handle: (req, res) => weeklyGrowthHelper(options.runWeeklyGrowth, req, res),
    },
    ...(runMonthlyStatements
      ? [
          {
            method: 'POST' as const,
            path: '/__local/run/monthly-statements',
            handle: (req: IncomingMessage, res: ServerResponse) =>
              monthlyStatementsHelper(runMonthlyStatements, req, res),
          },
        ]
      : []),
  ];
  return {
    matches: (pathname) => pathname.startsWith('/__local/'),
    async handle(req, res, url) {
      // Before anything is read or run: a helper called from another site does nothing.
      const refused = localHelperRefusal(req);
      if (refused) return send(res, refused.status, { error: refused.error });
      const helper = helpers.find((h) => h.method === req.method && h.path === url.pathname);
      if (!helper) return send(res, 404, { error: 'Not Found' });
      return helper.handle(req, res, url);
    },
  };
}
