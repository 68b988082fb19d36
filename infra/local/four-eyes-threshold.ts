/**
 * The local stack's four-eyes threshold: FOUR_EYES_THRESHOLD_DOLLARS when a developer or a test
 * sets it (whole dollars, as a stage sets fourEyesThresholdDollars in infra/stages.ts), else the
 * local default. A malformed value stops the start: a typo must never mean "no second approval".
 */
import { LOCAL_FOUR_EYES_THRESHOLD_CENTS } from '../../shared/four-eyes';
import type { Cents } from '../../shared/money';

/** At most 12 digits, so the threshold stays exact in cents. */
const WHOLE_DOLLARS = /^\d{1,12}$/;

export function localFourEyesThresholdCents(env: NodeJS.ProcessEnv = process.env): Cents {
  const text = env.FOUR_EYES_THRESHOLD_DOLLARS?.trim();
  if (text === undefined || text === '') return LOCAL_FOUR_EYES_THRESHOLD_CENTS;
  const dollars = WHOLE_DOLLARS.test(text) ? Number(text) : 0;
  if (dollars <= 0) throw new Error(`FOUR_EYES_THRESHOLD_DOLLARS must be whole dollars above 0 (e.g. 10000), not '${text}'.`);
  return dollars * 100;
}
