/** The local stack's four-eyes settings: the developer's, in whole dollars, or $10,000 and $100,000. */
import { LOCAL_ADMIN_DAILY_LIMIT_CENTS, LOCAL_FOUR_EYES_THRESHOLD_CENTS } from '../../shared/four-eyes';
import { localAdminDailyLimitCents, localFourEyesThresholdCents } from './four-eyes-threshold';

it('is $10,000 unless FOUR_EYES_THRESHOLD_DOLLARS says otherwise', () => {
  expect(LOCAL_FOUR_EYES_THRESHOLD_CENTS).toBe(1_000_000);
  expect(localFourEyesThresholdCents({})).toBe(1_000_000);
  expect(localFourEyesThresholdCents({ FOUR_EYES_THRESHOLD_DOLLARS: '' })).toBe(1_000_000);
});

it.each([
  ['250', 25_000],
  [' 25000 ', 2_500_000],
  ['1', 100],
  ['999999999999', 99_999_999_999_900],
])('takes FOUR_EYES_THRESHOLD_DOLLARS=%p as %p cents', (dollars, cents) => {
  expect(localFourEyesThresholdCents({ FOUR_EYES_THRESHOLD_DOLLARS: dollars })).toBe(cents);
});

it.each(['0', '-100', '100.50', '1e4', '10,000', '$100', 'ten', '1000000000000'])(
  'refuses FOUR_EYES_THRESHOLD_DOLLARS=%p, naming the variable',
  (dollars) => {
    expect(() => localFourEyesThresholdCents({ FOUR_EYES_THRESHOLD_DOLLARS: dollars })).toThrow(
      /^FOUR_EYES_THRESHOLD_DOLLARS must be whole dollars above 0/,
    );
  },
);

it("takes an administrator's daily limit from ADMIN_DAILY_LIMIT_DOLLARS, else $100,000, and refuses a malformed one", () => {
  expect(LOCAL_ADMIN_DAILY_LIMIT_CENTS).toBe(10_000_000);
  expect(localAdminDailyLimitCents({})).toBe(10_000_000);
  expect(localAdminDailyLimitCents({ ADMIN_DAILY_LIMIT_DOLLARS: ' 50000 ' })).toBe(5_000_000);
  expect(() => localAdminDailyLimitCents({ ADMIN_DAILY_LIMIT_DOLLARS: '0' })).toThrow(
    /^ADMIN_DAILY_LIMIT_DOLLARS must be whole dollars above 0/,
  );
  expect(() => localAdminDailyLimitCents({ ADMIN_DAILY_LIMIT_DOLLARS: '1e5' })).toThrow(
    /^ADMIN_DAILY_LIMIT_DOLLARS must be whole dollars above 0/,
  );
});
