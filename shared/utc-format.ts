/**
 * Times as the API's refusals and the e-mails write them, read in any time zone: the day with the
 * month in full and the time in UTC, saying so ("25 November 2026, 15:53 UTC"). Month names are
 * spelled out rather than through Intl, so the text is the same on every Node build.
 */
/** The months' names in English, January first: what every date the firm writes spells out. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(when: string | number): Date {
  const date = new Date(when);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a time: ${String(when)}`);
  return date;
}

/** "24 November 2026" (the UTC day). */
export function formatUtcDate(when: string | number): string {
  const d = validDate(when);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "24 November 2026, 14:05 UTC". */
export function formatUtcDateTime(when: string | number): string {
  const d = validDate(when);
  return `${formatUtcDate(when)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
