/** Strict ISO 8601 dates for the API: no rolling over of impossible dates, a zone required on times. */
const ISO_DATE_OR_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

/** Epoch milliseconds of an ISO 8601 date or zoned date-time, or NaN; impossible dates (30 Feb) are NaN, not rolled over. */
export function parseIsoTimestamp(text: string): number {
  const m = ISO_DATE_OR_DATETIME.exec(text);
  if (!m) return Number.NaN;
  const [year, month, day, hour = 0, minute = 0, second = 0, offH = 0, offM = 0] = m
    .slice(1)
    .map((x) => (x === undefined ? undefined : Number(x)));
  if (year === undefined || month === undefined || day === undefined) return Number.NaN;
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  const valid =
    calendarDay.getUTCFullYear() === year &&
    calendarDay.getUTCMonth() === month - 1 &&
    calendarDay.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offH <= 23 &&
    offM <= 59;
  return valid ? Date.parse(text) : Number.NaN;
}
