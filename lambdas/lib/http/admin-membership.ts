/**
 * An access token's `cognito:groups` is what was true when it was issued. API Gateway's JWT
 * authorizer never asks Cognito again, so an admin removed from `admins` (or disabled) would
 * keep admin access for the token's life. Admin power is therefore confirmed with Cognito
 * itself, remembered per user for at most `config.adminRecheckMs` (60 s) so a busy console
 * costs two Cognito reads a minute, not two per request.
 *
 * The same two reads say whether the admin has a second factor: an admin's password alone must
 * not move money, so an admin without one has no admin power. The pool's MFA is only OPTIONAL
 * (clients may skip it), which is why the API, not Cognito, requires it of admins. Whether the
 * calling session itself passed that factor is asked per token, never remembered
 * (admin-sessions.ts).
 */
import { userPoolDefinition } from '../../../shared/user-pool';
import { type CurrentMembership, currentMembership } from '../cognito/cognito';
import { config } from '../runtime/config';

/**
 * - `admin`: in `admins`, enabled, and signs in with a second factor: an authenticator app.
 * - `federatedAdmin`: the same for a Google user, whose second factor is Google's own (Cognito
 *   cannot put TOTP on one; see secondFactorOf).
 * - `adminWithoutTwoFactor`: in `admins` and enabled, but a password alone: no admin power until
 *   they set up an authenticator app (the API answers twoFactorRequired).
 * - `notAdmin`: not in `admins`, disabled, or gone.
 */
export type AdminStanding = 'admin' | 'federatedAdmin' | 'adminWithoutTwoFactor' | 'notAdmin';

export type MembershipLookup = (username: string) => Promise<AdminStanding>;

export function adminStandingOf(membership: CurrentMembership): AdminStanding {
  if (!membership.member) return 'notAdmin';
  if (membership.secondFactor === 'none') return 'adminWithoutTwoFactor';
  return membership.secondFactor === 'federated' ? 'federatedAdmin' : 'admin';
}

/** A warm Lambda serves few admins; the bound only stops a flood of tokens from growing memory. */
const MAX_REMEMBERED = 1000;

/**
 * How long `adminWithoutTwoFactor` is remembered: not at all, so the console opens the moment the
 * admin has set up the authenticator app on /account (the account page links straight to it; a
 * 5 s memory sent the admin back, measured end to end). Each refused request then costs two
 * Cognito reads, which the routes' throttles and the WAF rate rule bound. Gaining a second factor
 * only loosens the answer, so forgetting it never lets anyone in sooner than Cognito says.
 */
export const WITHOUT_TWO_FACTOR_RECHECK_MS = 0;

interface Remembered {
  answer: Promise<AdminStanding>;
  at: number;
  /** Set once the lookup has answered; until then the lookup is shared, whatever it answers. */
  standing?: AdminStanding;
}

export function rememberedMembership(
  lookup: MembershipLookup,
  ttlMs: () => number,
  now: () => number = Date.now,
): MembershipLookup {
  const remembered = new Map<string, Remembered>();
  const lifeOf = (standing: AdminStanding | undefined) =>
    standing === 'adminWithoutTwoFactor' ? Math.min(ttlMs(), WITHOUT_TWO_FACTOR_RECHECK_MS) : ttlMs();
  return (username) => {
    const t = now();
    const hit = remembered.get(username);
    if (hit && t - hit.at < lifeOf(hit.standing)) return hit.answer;
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    // Concurrent requests of one admin share the same lookup; a failed lookup is not remembered.
    const entry: Remembered = { answer: lookup(username), at: t };
    remembered.set(username, entry);
    entry.answer.then(
      (standing) => {
        entry.standing = standing;
      },
      () => {
        // Only this lookup's own entry: a newer one may have replaced it meanwhile.
        if (remembered.get(username) === entry) remembered.delete(username);
      },
    );
    return entry.answer;
  };
}

export const adminStanding: MembershipLookup = rememberedMembership(
  async (username) => adminStandingOf(await currentMembership(username, userPoolDefinition.adminGroup)),
  () => config.adminRecheckMs,
);
