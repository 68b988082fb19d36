/**
 * The rule that gives admin power only to a session whose sign-in passed the second factor after
 * it was required: the token's auth_time (seconds) against the admin epoch (the later of when
 * the user became an admin and when their authenticator app went on).
 */
import fc from 'fast-check';
import {
  adminMomentOf,
  decideAdminPower,
  firstCountingSignIn,
  signedInSince,
  signedInWithin,
  totpMomentOf,
} from './admin-epoch';

const T = Date.UTC(2026, 2, 2, 12, 0, 0, 400); // a moment 400 ms into its second
const sec = (ms: number) => Math.floor(ms / 1000);

describe('a sign-in counts from the epoch on, never from within the second before it', () => {
  it('counts a sign-in in a later second, not one in the epoch’s own second nor before', () => {
    expect(signedInSince(sec(T) + 1, T)).toBe(true);
    expect(signedInSince(sec(T), T)).toBe(false); // maybe 300 ms before the epoch: cannot be told
    expect(signedInSince(sec(T) - 60, T)).toBe(false);
    expect(signedInSince(undefined, T)).toBe(false);
    // An epoch on a whole second: a sign-in stamped with that second came at or after it.
    expect(signedInSince(sec(T), sec(T) * 1000)).toBe(true);
  });

  it('for any epoch and sign-in time: counted only if the sign-in certainly came at or after the epoch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 4e12 }), (epoch, signIn) => {
        const counted = signedInSince(sec(signIn), epoch);
        if (signIn < epoch) expect(counted).toBe(false);
        if (signIn >= firstCountingSignIn(epoch)) expect(counted).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the first sign-in that counts is at the next whole second', () => {
    expect(firstCountingSignIn(T)).toBe((sec(T) + 1) * 1000);
    expect(firstCountingSignIn(sec(T) * 1000)).toBe(sec(T) * 1000);
  });

  it('a fresh sign-in is one of the last minutes, not one from the future', () => {
    expect(signedInWithin(sec(T), T, 5 * 60_000)).toBe(true);
    expect(signedInWithin(sec(T) - 4 * 60, T, 5 * 60_000)).toBe(true);
    expect(signedInWithin(sec(T) - 5 * 60 - 1, T, 5 * 60_000)).toBe(false);
    expect(signedInWithin(sec(T) + 2, T, 5 * 60_000)).toBe(false);
    expect(signedInWithin(undefined, T, 5 * 60_000)).toBe(false);
  });
});

describe('the moments in force', () => {
  it('an admin moment removed since, or an app turned off since, is none', () => {
    expect(adminMomentOf({ adminSince: T })).toBe(T);
    expect(adminMomentOf({ adminSince: T, adminRemovedAt: T + 1 })).toBeUndefined();
    expect(adminMomentOf({ adminSince: T + 2, adminRemovedAt: T + 1 })).toBe(T + 2);
    expect(totpMomentOf({ totpEnabledAt: T, totpDisabledAt: T })).toBeUndefined();
    expect(totpMomentOf({ totpEnabledAt: T + 5, totpDisabledAt: T })).toBe(T + 5);
    expect(totpMomentOf({})).toBeUndefined();
  });
});

describe('the decision for an admin Cognito confirms', () => {
  const app = 'authenticatorApp' as const;
  const both = { adminSince: T - 10_000, totpEnabledAt: T };

  it('grants a session that signed in after both moments, and refuses one that signed in between or before them', () => {
    expect(decideAdminPower({ factor: app, record: both, authTimeSeconds: sec(T) + 1 })).toEqual({ kind: 'grant' });
    // The replay of the attack: signed in with the password alone (before the app went on), refreshed since.
    expect(decideAdminPower({ factor: app, record: both, authTimeSeconds: sec(T) - 5 })).toEqual({
      kind: 'signInAgain',
    });
    // Signed in before becoming an admin, the app on from long before.
    const addedLater = { adminSince: T, totpEnabledAt: T - 86_400_000 };
    expect(decideAdminPower({ factor: app, record: addedLater, authTimeSeconds: sec(T) - 60 })).toEqual({
      kind: 'signInAgain',
    });
    expect(decideAdminPower({ factor: app, record: addedLater, authTimeSeconds: sec(T) + 1 })).toEqual({
      kind: 'grant',
    });
    expect(decideAdminPower({ factor: app, record: both, authTimeSeconds: undefined })).toEqual({
      kind: 'signInAgain',
    });
  });

  it('counts a password change or reset too: the sessions it ended keep no admin power for their tokens’ last minutes', () => {
    const changed = { ...both, passwordChangedAt: T + 60_000 };
    expect(decideAdminPower({ factor: app, record: changed, authTimeSeconds: sec(T) + 1 })).toEqual({
      kind: 'signInAgain',
    });
    expect(decideAdminPower({ factor: app, record: changed, authTimeSeconds: sec(T + 60_000) + 1 })).toEqual({
      kind: 'grant',
    });
    expect(
      decideAdminPower({
        factor: 'federated',
        record: { adminSince: T, passwordChangedAt: T + 60_000 },
        authTimeSeconds: sec(T) + 1,
      }),
    ).toEqual({ kind: 'signInAgain' });
  });

  it('counts only the admin moment for a Google admin, whose second factor is Google’s', () => {
    expect(decideAdminPower({ factor: 'federated', record: { adminSince: T }, authTimeSeconds: sec(T) + 1 })).toEqual({
      kind: 'grant',
    });
    expect(decideAdminPower({ factor: 'federated', record: { adminSince: T }, authTimeSeconds: sec(T) - 1 })).toEqual({
      kind: 'signInAgain',
    });
    expect(decideAdminPower({ factor: 'federated', record: {}, authTimeSeconds: sec(T) })).toEqual({
      kind: 'record',
      moments: ['adminSince'],
    });
  });

  it('gives no admin power while a new secret waits to be confirmed, or once the record says the app went off', () => {
    expect(
      decideAdminPower({ factor: app, record: { ...both, pendingAssociationAt: T + 1 }, authTimeSeconds: sec(T) + 9 }),
    ).toEqual({ kind: 'noSecondFactor' });
    expect(
      decideAdminPower({ factor: app, record: { ...both, totpDisabledAt: T + 1 }, authTimeSeconds: sec(T) + 9 }),
    ).toEqual({ kind: 'noSecondFactor' });
    expect(
      decideAdminPower({ factor: app, record: { adminSince: T, totpDisabledAt: T }, authTimeSeconds: sec(T) + 9 }),
    ).toEqual({ kind: 'noSecondFactor' });
  });

  it('asks to record a moment Cognito shows but the record never saw (an admin or an app added in the console)', () => {
    expect(decideAdminPower({ factor: app, record: {}, authTimeSeconds: sec(T) })).toEqual({
      kind: 'record',
      moments: ['adminSince', 'totpEnabledAt'],
    });
    expect(decideAdminPower({ factor: app, record: { totpEnabledAt: T }, authTimeSeconds: sec(T) + 1 })).toEqual({
      kind: 'record',
      moments: ['adminSince'],
    });
    expect(decideAdminPower({ factor: app, record: { adminSince: T }, authTimeSeconds: sec(T) + 1 })).toEqual({
      kind: 'record',
      moments: ['totpEnabledAt'],
    });
    // Removed, then put back in admins in the console: a new admin moment.
    expect(
      decideAdminPower({ factor: app, record: { ...both, adminRemovedAt: T + 1 }, authTimeSeconds: sec(T) + 9 }),
    ).toEqual({ kind: 'record', moments: ['adminSince'] });
  });
});
