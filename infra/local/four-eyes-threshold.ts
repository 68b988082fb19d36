/**
 * The local stack's four-eyes settings: FOUR_EYES_THRESHOLD_DOLLARS and ADMIN_DAILY_LIMIT_DOLLARS
 * when a developer or a test sets them (whole dollars, as a stage sets fourEyesThresholdDollars and
 * adminDailyLimitDollars in infra/stages.ts), else the local defaults. A malformed value stops the
 * start: a typo must never mean "no second approval".
 */
import { LOCAL_ADMIN_DAILY_LIMIT_CENTS, LOCAL_FOUR_EYES_THRESHOLD_CENTS } from '../../shared/four-eyes';
import type { Cents } from '../../shared/money';

/** At most 12 digits, so the threshold stays exact in cents. */
const WHOLE_DOLLARS = /^\d{1,12}$/;

function wholeDollarsSetting(env: NodeJS.ProcessEnv, variable: string, fallbackCents: Cents, example: string): Cents {
  const text = env[variable]?.trim();
  if (text === undefined || text === '') return fallbackCents;
  const dollars = WHOLE_DOLLARS.test(text) ? Number(text) : 0;
  if (dollars <= 0) throw new Error(`${variable} must be whole dollars above 0 (e.g. ${example}), not '${text}'.`);
  return dollars * 100;
}

export function localFourEyesThresholdCents(env: NodeJS.ProcessEnv = process.env): Cents {
  return wholeDollarsSetting(env, 'FOUR_EYES_THRESHOLD_DOLLARS', LOCAL_FOUR_EYES_THRESHOLD_CENTS, '10000');
}

export function localAdminDailyLimitCents(env: NodeJS.ProcessEnv = process.env): Cents {
  return wholeDollarsSetting(env, 'ADMIN_DAILY_LIMIT_DOLLARS', LOCAL_ADMIN_DAILY_LIMIT_CENTS, '100000');
}
