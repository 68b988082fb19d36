/** @jest-environment node */
import { balanceAfter, isProposed, sentForApproval } from './money-move';
import { ago, clientName, confirmsEmail, plural } from './words';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'deposit')).toBe('1 deposit');
    expect(plural(2, 'deposit')).toBe('2 deposits');
    expect(plural(0, 'deposit')).toBe('0 deposits');
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(5000, 'entry', 'entries')).toBe('5,000 entries');
  });
});

describe('ago', () => {
  const now = Date.parse('2025-03-10T12:00:00.000Z');
  it('says how long ago in the largest whole unit, with its plural', () => {
    expect(ago('2025-03-10T11:59:30.000Z', now)).toBe('just now');
    expect(ago('2025-03-10T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(ago('2025-03-10T11:15:00.000Z', now)).toBe('45 minutes ago');
    expect(ago('2025-03-10T11:00:00.000Z', now)).toBe('1 hour ago');
    expect(ago('2025-03-09T12:00:00.000Z', now)).toBe('1 day ago');
    expect(ago('2025-03-07T09:00:00.000Z', now)).toBe('3 days ago');
    // A clock a little ahead of the browser's is not "in the future".
    expect(ago('2025-03-10T12:00:05.000Z', now)).toBe('just now');
  });
});

describe('the words of a money move', () => {
  it('estimates the balance after each kind of move in cents', () => {
    expect(balanceAfter('deposit', 150_050, 10_000)).toBe(160_050);
    expect(balanceAfter('withdrawal', 25_000, 500_000)).toBe(-475_000);
    expect(balanceAfter('balance', 25_000, 99_999)).toBe(99_999);
  });

  it('tells a move kept for a second administrator from one applied', () => {
    expect(isProposed({ success: true, newBalance: 10 })).toBe(false);
    expect(isProposed({ success: true, pending: true, action: {} })).toBe(true);
  });

  it('says what waits for approval, a balance edit by the balance it asks for', () => {
    expect(sentForApproval({ kind: 'withdrawal', amount: 12_000 })).toBe(
      'Sent for approval: another administrator must approve this withdrawal of $12,000.00.',
    );
    expect(sentForApproval({ kind: 'balance', amount: 50_000 })).toBe(
      'Sent for approval: another administrator must approve this balance edit to $50,000.00.',
    );
  });

  it("names a client by the display name, or by the e-mail when there is none; a deletion is confirmed by the client's e-mail in any case", () => {
    expect(clientName({ displayName: ' Alice ', email: 'a@example.com' })).toBe('Alice');
    expect(clientName({ displayName: '  ', email: 'a@example.com' })).toBe('a@example.com');
    expect(confirmsEmail(' A@Example.com ', 'a@example.com')).toBe(true);
    expect(confirmsEmail('a@example.co', 'a@example.com')).toBe(false);
  });
});
