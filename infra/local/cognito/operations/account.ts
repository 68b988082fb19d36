/**
 * Passwords as Cognito guards them: the API's constraints and the pool's policy on
 * every new password, user-existence error prevention, the attempt limits of reset codes and of
 * code sending, masked destinations, and no password reset for a federated user (it signs in at
 * its provider) or one on a temporary password. (Attributes: attributes.ts.)
 */
import { attributeValue, type User } from '../cognito-local-internals';
import { emailDelivery, masked } from '../delivery';
import { codeOf, cognitoError, invalidParameter, refusal } from '../errors';
import { isFederated } from '../users';
import {
  appClient,
  assertCode,
  assertCodeNotLocked,
  assertPassword,
  limitKey,
  preventsExistenceErrors,
  userUnlessPrevented,
} from './checks';
import type { OperationContext, Operations } from './context';
import { checkAccessToken } from './sessions';

/**
 * Whether ForgotPassword may reset this user's password. Not a federated user's (it signs in at
 * its provider and has none here), nor one still on an administrator's temporary password
 * (FORCE_CHANGE_PASSWORD: it sets its own at its first sign-in): Cognito answers both "User
 * password cannot be reset in the current state." (NotAuthorizedException).
 */
const passwordResettable = (user: User) => !isFederated(user) && user.UserStatus !== 'FORCE_CHANGE_PASSWORD';

export function accountOperations(env: OperationContext): Operations {
  return {
    async ForgotPassword(req) {
      const found = await appClient(env, req.ClientId);
      const prevent = preventsExistenceErrors(found.client);
      const user = await userUnlessPrevented(env, found, req.Username);
      if (!env.limits.sendAllowed('ForgotPassword', limitKey(user, req.Username)))
        throw refusal('attemptLimitExceeded');
      // A user with no password of its own to reset (see passwordResettable): with existence
      // errors prevented it is answered exactly as a name nobody has (a delivery to the name
      // asked, nothing sent).
      if (user && !passwordResettable(user)) {
        if (!prevent) throw refusal('cannotResetPassword');
        return { CodeDeliveryDetails: emailDelivery(String(req.Username ?? '')) };
      }
      const email = user ? attributeValue('email', user.Attributes) : undefined;
      const verified = !!user && attributeValue('email_verified', user.Attributes) === 'true';
      // With existence errors prevented, Cognito answers a simulated delivery for a user who
      // does not exist, is disabled, or has no verified address to send a code to, and sends
      // nothing: which of those a name is cannot be learnt here. (No user at all gets here only
      // when they are prevented.)
      if (!user || (prevent && (!user.Enabled || !verified)))
        return { CodeDeliveryDetails: emailDelivery(email ?? String(req.Username ?? '')) };
      if (!user.Enabled) throw refusal('userDisabled');
      if (!verified) {
        throw invalidParameter(
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
        );
      }
      return masked(await env.callTarget('ForgotPassword', req));
    },

    /**
     * The code is judged here; cognito-local's then sets the password, makes the user CONFIRMED and
     * runs the PostConfirmation trigger with PostConfirmation_ConfirmForgotPassword, as Cognito does.
     */
    async ConfirmForgotPassword(req) {
      const found = await appClient(env, req.ClientId);
      assertPassword(env, req.Password, 'password');
      const user = await userUnlessPrevented(env, found, req.Username);
      if (user && !passwordResettable(user) && !preventsExistenceErrors(found.client))
        throw refusal('cannotResetPassword');
      const key = limitKey(user, req.Username);
      assertCodeNotLocked(env, key);
      // No code resets such a user's password: it fails, and counts, as for an unknown name.
      assertCode(env, key, user && passwordResettable(user) ? user : null, req.ConfirmationCode);
      return env.callTarget('ConfirmForgotPassword', req);
    },

    async ChangePassword(req) {
      assertPassword(env, req.ProposedPassword, 'proposedPassword');
      const { user } = await checkAccessToken(env, req.AccessToken);
      // A federated user (its tokens come from the hosted UI) has no previous password to prove;
      // it is refused as a wrong one is, so no password can be put on it this way.
      if (isFederated(user)) throw refusal('incorrectPassword');
      return env.callTarget('ChangePassword', req);
    },

    /**
     * As Cognito documents it, this sets a federated user's password too, and its status becomes
     * CONFIRMED (a password user from then on): an administrator's act, signed with IAM
     * credentials, which no app client can make.
     */
    async AdminSetUserPassword(req) {
      assertPassword(env, req.Password, 'password');
      return env.callTarget('AdminSetUserPassword', req);
    },

    async AdminCreateUser(req) {
      if (req.TemporaryPassword !== undefined) assertPassword(env, req.TemporaryPassword, 'temporaryPassword');
      try {
        return await env.callTarget('AdminCreateUser', req);
      } catch (e) {
        if (codeOf(e) === 'UsernameExistsException')
          throw cognitoError('UsernameExistsException', 'User account already exists');
        throw e;
      }
    },
  };
}
