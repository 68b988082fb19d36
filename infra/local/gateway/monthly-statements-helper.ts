/**
 * POST /__local/run/monthly-statements {"month": "2026-10"}: runs the monthly statements job's
 * state machine as EventBridge starts it for that month (the 1st after it, 02:00 UTC), and
 * answers the run's figures or its failure. Only a month that has ended: its statements are of a
 * whole month, as in AWS, where the job only ever runs after the month.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { periodOf } from '../../../lambdas/lib/documents/document-item';
import { readBody } from '../http/read-body';
import { send } from './send';

const MAX_BODY_BYTES = 16 * 1024;
const MONTH_LABEL = /^\d{4}-\d{2}$/;
/** The schedule's hour on the 1st (infra/aws/monthly-statements.ts, MONTHLY_SCHEDULE). */
const SCHEDULED_HOUR_MS = 2 * 3600_000;

const SHAPE = 'Body must be JSON like {"month": "2026-10"}';

/** The scheduled moment of the month's run, or the refusal to answer. */
export async function monthRunTime(req: IncomingMessage, now: number): Promise<number | { refusal: string }> {
  const raw = await readBody(req, MAX_BODY_BYTES);
  if (raw === 'too-large') return { refusal: SHAPE };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return { refusal: SHAPE };
  }
  const month = (parsed as { month?: unknown } | null)?.month;
  if (typeof month !== 'string' || !MONTH_LABEL.test(month)) return { refusal: SHAPE };
  const period = periodOf(month);
  if (!period || period.kind !== 'month') return { refusal: '"month" must be a month, like 2026-10' };
  if (period.to > now) return { refusal: `${month} has not ended: its statements are written after it` };
  return period.to + SCHEDULED_HOUR_MS;
}

export async function monthlyStatementsHelper(
  runMonthlyStatements: (time: number) => Promise<unknown>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const time = await monthRunTime(req, Date.now());
  if (typeof time !== 'number') return send(res, 400, { error: time.refusal });
  try {
    return send(res, 200, await runMonthlyStatements(time));
  } catch (error) {
    // A failed execution (a client failed, or a step ran out of retries), as Step Functions would report it.
    const { error: name, cause } = error as { error?: string; cause?: string };
    return send(res, 500, {
      error: 'The monthly statements execution failed',
      cause: `${name ?? 'Error'}: ${cause ?? String(error)}`,
    });
  }
}
