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
  passkeyMomentOf,
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

describe('passkey sessions and the stage that requires them', () => {
  const app = 'authenticatorApp' as const;
  const admin = { adminSince: T - 10_000 };
  const passkey = { passkeySession: true };

  it('grants a passkey session of an admin with no authenticator app, and no other session of theirs', () => {
    expect(decideAdminPower({ factor: 'none', record: admin, authTimeSeconds: sec(T), ...passkey })).toEqual({
      kind: 'grant',
    });
    expect(decideAdminPower({ factor: 'none', record: admin, authTimeSeconds: sec(T) })).toEqual({
      kind: 'noSecondFactor',
    });
  });

  it('grants a passkey session whatever the app’s moments say, the admin moment still first', () => {
    const waiting = { ...admin, totpEnabledAt: T, pendingAssociationAt: T + 1 };
    expect(decideAdminPower({ factor: app, record: waiting, authTimeSeconds: sec(T) + 9, ...passkey })).toEqual({
      kind: 'grant',
    });
    expect(decideAdminPower({ factor: 'none', record: {}, authTimeSeconds: sec(T), ...passkey })).toEqual({
      kind: 'record',
      moments: ['adminSince'],
    });
    expect(decideAdminPower({ factor: 'none', record: admin, authTimeSeconds: sec(T) - 60, ...passkey })).toEqual({
      kind: 'signInAgain',
    });
  });

  it('counts a passkey added or removed in the epoch of every session, a code’s too', () => {
    const both = { adminSince: T - 20_000, totpEnabledAt: T - 10_000 };
    for (const change of [
      { passkeyAddedAt: T },
      { passkeyRemovedAt: T },
      { passkeyAddedAt: T - 5, passkeyRemovedAt: T },
    ])
      for (const session of [{}, passkey]) {
        const record = { ...both, ...change };
        expect(decideAdminPower({ factor: app, record, authTimeSeconds: sec(T) - 1, ...session })).toEqual({
          kind: 'signInAgain',
        });
        expect(decideAdminPower({ factor: app, record, authTimeSeconds: sec(T) + 1, ...session })).toEqual({
          kind: 'grant',
        });
      }
    expect(passkeyMomentOf({ passkeyAddedAt: T + 3, passkeyRemovedAt: T })).toBe(T + 3);
    expect(passkeyMomentOf({})).toBeUndefined();
  });

  it('refuses every session but a passkey one where the stage requires passkeys, a Google admin’s too', () => {
    const both = { adminSince: T - 20_000, totpEnabledAt: T - 10_000 };
    const required = { passkeyRequired: true };
    expect(decideAdminPower({ factor: app, record: both, authTimeSeconds: sec(T), ...required })).toEqual({
      kind: 'passkeyRequired',
    });
    expect(
      decideAdminPower({ factor: 'federated', record: admin, authTimeSeconds: sec(T), ...required, ...passkey }),
    ).toEqual({ kind: 'passkeyRequired' });
    expect(decideAdminPower({ factor: app, record: both, authTimeSeconds: sec(T), ...required, ...passkey })).toEqual({
      kind: 'grant',
    });
  });

  it('for any record, factor and session: grants only a session that signed in after every moment of the epoch', () => {
    const moment = fc.option(fc.integer({ min: T - 1e7, max: T + 1e7 }), { nil: undefined });
    const record = fc.record(
      {
        adminSince: moment,
        adminRemovedAt: moment,
        totpEnabledAt: moment,
        totpDisabledAt: moment,
        pendingAssociationAt: moment,
        passwordChangedAt: moment,
        passkeyAddedAt: moment,
        passkeyRemovedAt: moment,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        record,
        fc.constantFrom('authenticatorApp', 'federated', 'none'),
        fc.integer({ min: sec(T - 2e7), max: sec(T + 2e7) }),
        fc.boolean(),
        fc.boolean(),
        (r, factor, authTimeSeconds, passkeySession, passkeyRequired) => {
          const decision = decideAdminPower({ factor, record: r, authTimeSeconds, passkeySession, passkeyRequired });
          if (decision.kind !== 'grant') return;
          if (passkeyRequired) expect(passkeySession && factor !== 'federated').toBe(true);
          if (!passkeySession || factor === 'federated') expect(factor).not.toBe('none');
          const at = authTimeSeconds * 1000;
          const since = [adminMomentOf(r), r.passwordChangedAt, r.passkeyAddedAt, r.passkeyRemovedAt];
          if (!passkeySession && factor === 'authenticatorApp') since.push(totpMomentOf(r));
          expect(adminMomentOf(r)).toBeDefined();
          for (const m of since) if (m !== undefined) expect(at).toBeGreaterThanOrEqual(m);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
