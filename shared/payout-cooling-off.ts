/**
 * The cooling-off period after a payout account is set, in whole hours: a stage's
 * `payoutCoolingOffHours` (72 unless it says otherwise; locally PAYOUT_COOLING_OFF_HOURS). Apart
 * from shared/payout-account.ts so that every function's settings read it without the IBAN checks.
 */
export const PAYOUT_COOLING_OFF_HOURS = { default: 72, min: 0, max: 720 } as const;

export const isCoolingOffHours = (value: unknown): value is number =>
  Number.isInteger(value) &&
  (value as number) >= PAYOUT_COOLING_OFF_HOURS.min &&
  (value as number) <= PAYOUT_COOLING_OFF_HOURS.max;
