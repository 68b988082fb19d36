import {
  BACKDATE_NEEDS_APPROVAL_MS,
  MOVES_WINDOW_MS,
  secondApprovalReason,
  windowSum,
  withinWindow,
} from './four-eyes';

const limits = { thresholdCents: 1_000_000, adminDailyLimitCents: 10_000_000 };
const sizes = { clientWindowCents: 0, adminDayCents: 0, backdatedMs: 0, adminAccount: false };

describe('the rolling day', () => {
  const now = 10 * MOVES_WINDOW_MS;

  it('counts the moves of the last 24 hours and drops the older ones', () => {
    const moves = [
      { at: now - MOVES_WINDOW_MS, cents: 5 },
      { at: now - MOVES_WINDOW_MS + 1, cents: 7 },
      { at: now, cents: 11 },
    ];
    expect(windowSum(moves, now)).toBe(18);
    expect(withinWindow(moves, now)).toHaveLength(2);
    expect(windowSum(undefined, now)).toBe(0);
  });

  it('counts a move recorded just after `now`: a concurrent request committed first', () => {
    expect(windowSum([{ at: now + 50, cents: 999_999 }], now)).toBe(999_999);
  });
});

describe('the reason for a second approval', () => {
  it('holds a client day above the threshold, not at it', () => {
    expect(secondApprovalReason({ ...sizes, clientWindowCents: 1_000_000 }, limits)).toBeNull();
    expect(secondApprovalReason({ ...sizes, clientWindowCents: 1_000_001 }, limits)).toBe('threshold');
  });

  it("holds an administrator's day above their limit", () => {
    expect(secondApprovalReason({ ...sizes, adminDayCents: 10_000_000 }, limits)).toBeNull();
    expect(secondApprovalReason({ ...sizes, adminDayCents: 10_000_001 }, limits)).toBe('adminDailyLimit');
  });

  it("holds a deposit dated more than 31 days back, and any move on an administrator's account, whatever the size", () => {
    expect(secondApprovalReason({ ...sizes, backdatedMs: BACKDATE_NEEDS_APPROVAL_MS }, limits)).toBeNull();
    expect(secondApprovalReason({ ...sizes, backdatedMs: BACKDATE_NEEDS_APPROVAL_MS + 1 }, limits)).toBe('backdated');
    expect(secondApprovalReason({ ...sizes, adminAccount: true }, limits)).toBe('adminAccount');
  });
});
