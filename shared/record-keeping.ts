/**
 * How long a closed account's records are kept: the stage's `recordYears` (whole years, the
 * firm's record-keeping period, set by its compliance officer), after which the table's TTL
 * removes them. The same range as the backups' years, which default to it.
 */
export const RECORD_YEARS = { default: 7, min: 1, max: 10 } as const;

export const isRecordYears = (years: unknown): years is number =>
  typeof years === 'number' && Number.isInteger(years) && years >= RECORD_YEARS.min && years <= RECORD_YEARS.max;

/** When records of an account closed at `closedAt` (epoch ms) expire: `years` calendar years later, in epoch seconds. */
export function recordsExpireAt(closedAt: number, years: number): number {
  const at = new Date(closedAt);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return Math.floor(at.getTime() / 1000);
}
