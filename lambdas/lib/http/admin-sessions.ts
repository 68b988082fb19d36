/**
 * The per-token half of the admin check: Cognito has said the caller is an enabled admin with a
 * second factor (admin-membership.ts, remembered a minute); whether THIS session may use that
 * power is decided by its sign-in time against the user's security record (admin-epoch.ts), read
 * on every request so a change to the record counts at once.
 *
 * The check only reads. A moment Cognito shows but the record lacks (an admin added, or an app
 * set up, in the Cognito console) is recorded by the pre-token-generation trigger at the user's
 * next sign-in or refresh (admin-moments.ts); until then, and for every session that began before
 * it, the answer is: sign in again.
 */
import { userPoolDefinition } from '../../../shared/user-pool';
import { currentMembership } from '../cognito/cognito';
import { getSecurityRecord } from '../data/security-record';
import { decideAdminPower, type AdminFactor } from '../cognito/admin-epoch';
import { adminStandingOf } from './admin-membership';
import { config } from '../runtime/config';
import type { SignInMethod } from './sign-in-method';

/**
 * What the session gets: admin power, none for want of a second factor, none until it signs in
 * again, none until it signs in with a passkey (the stage's adminPasskeyRequired), or none at all
 * (Cognito, asked afresh, no longer says admin).
 */
export type AdminSessionVerdict = 'admin' | 'noSecondFactor' | 'signInAgain' | 'passkeyRequired' | 'notAdmin';

export interface AdminSession {
  sub: string;
  username: string;
  /** The token's `auth_time` (seconds), when it has one. */
  authTime?: number;
  /** How the session signed in (its token's `amr`, sign-in-method.ts). */
  signInMethod?: SignInMethod;
}

export type AdminSessionCheck = (session: AdminSession, factor: AdminFactor) => Promise<AdminSessionVerdict>;

export const checkAdminSession: AdminSessionCheck = async (session, factor) => {
  const record = await getSecurityRecord(session.sub);
  const passkeySession = session.signInMethod === 'passkey';
  const decision = decideAdminPower({
    factor,
    record,
    authTimeSeconds: session.authTime,
    passkeySession,
    passkeyRequired: config.adminPasskeyRequired,
  });
  switch (decision.kind) {
    case 'grant':
      return 'admin';
    case 'noSecondFactor':
      return 'noSecondFactor';
    case 'signInAgain':
      return 'signInAgain';
    case 'passkeyRequired':
      return 'passkeyRequired';
    case 'record': {
      // Cognito's answer may be a minute old (admin-membership.ts): the user may have just been
      // removed, which the record shows the same way. Asked afresh (a read), the refusal says why.
      const standing = adminStandingOf(await currentMembership(session.username, userPoolDefinition.adminGroup));
      if (standing === 'notAdmin') return 'notAdmin';
      // A passkey session needs no app: only the admin moment was missing.
      if (standing === 'adminWithoutTwoFactor' && !passkeySession) return 'noSecondFactor';
      // Unrecorded: the next sign-in records it (admin-moments.ts), and the one after that counts.
      return 'signInAgain';
    }
  }
};
