/**
 * @jest-environment node
 */
// The web's one way of writing counts and dates.
import { formatDate, formatDateTime, pluralize } from './format';

describe('pluralize', () => {
  it('says a count with the word English uses for it, by Intl.PluralRules', () => {
    expect(pluralize(1, 'withdrawal')).toBe('1 withdrawal');
    expect(pluralize(0, 'withdrawal')).toBe('0 withdrawals');
    expect(pluralize(2, 'withdrawal')).toBe('2 withdrawals');
    expect(pluralize(1204, 'withdrawal')).toBe('1,204 withdrawals');
    expect(pluralize(1, 'entry', 'entries')).toBe('1 entry');
    expect(pluralize(3, 'entry', 'entries')).toBe('3 entries');
    expect(pluralize(15, 'minute')).toBe('15 minutes');
  });
});

describe('dates', () => {
  it('writes a day as "Nov 25, 2026", and a time after it with a comma: "Nov 25, 2026, 3:53 PM"', () => {
    // A local time, so the day and the hour are the same in any time zone the test runs in.
    const at = new Date(2026, 10, 25, 15, 53).getTime();
    expect(formatDate(at)).toBe('Nov 25, 2026');
    expect(formatDateTime(at)).toBe('Nov 25, 2026, 3:53 PM');
    expect(formatDate('2026-01-01T00:00:00.000Z', 'UTC')).toBe('Jan 1, 2026');
  });

  it('writes "—" for no date', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('')).toBe('—');
  });
});
