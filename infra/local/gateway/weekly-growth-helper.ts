/**
 * POST /__local/run/weekly-growth: runs the weekly job's state machine now, or at the moment a
 * JSON body names ({"now": "<ISO date-time>"}), and answers its summary or its failure.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http/read-body';
import { send } from './send';

const MAX_BODY_BYTES = 16 * 1024;

/** The run's moment: now, unless the body names one; a string is the refusal to answer. */
async function runMoment(req: IncomingMessage): Promise<number | { refusal: string }> {
  const raw = await readBody(req, MAX_BODY_BYTES);
  if (raw === 'too-large' || raw.length === 0) return Date.now();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return { refusal: 'Body must be JSON like {"now": "2026-11-23T00:00:00Z"}' };
  }
  const given = (parsed as { now?: unknown } | null)?.now;
  if (given === undefined) return Date.now();
  const now = typeof given === 'string' ? Date.parse(given) : Number.NaN;
  return Number.isFinite(now) ? now : { refusal: '"now" must be an ISO date-time' };
}

export async function weeklyGrowthHelper(
  runWeeklyGrowth: (now: number) => Promise<unknown>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const now = await runMoment(req);
  if (typeof now !== 'number') return send(res, 400, { error: now.refusal });
  try {
    return send(res, 200, await runWeeklyGrowth(now));
  } catch (error) {
    // A failed execution (a portfolio failed, or a step ran out of retries), as Step Functions would report it.
    const { error: name, cause } = error as { error?: string; cause?: string };
    return send(res, 500, {
      error: 'The weekly growth execution failed',
      cause: `${name ?? 'Error'}: ${cause ?? String(error)}`,
    });
  }
}
