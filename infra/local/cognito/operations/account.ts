/**
 * Passwords and attributes as Cognito guards them: the API's constraints and the pool's policy on
 * every new password, user-existence error prevention, the attempt limits of reset codes and of
 * code sending, masked destinations, and an e-mail address only one user may have; and what a
 * user may change of their own attributes (checks.ts assertSelfServiceAttributes).
 */
import { attributeValue } from '../cognito-local-internals';
import { emailDelivery, masked } from '../delivery';
import { attemptLimitExceeded, codeOf, cognitoError, invalidParameter, userDisabled, userNotFound } from '../errors';
import {
  appClient,
  assertCode,
  assertCodeNotLocked,
  assertEmailFree,
  assertPassword,
  assertSelfServiceAttributes,
  limitKey,
  poolNamed,
  preventsExistenceErrors,
  userNamed,
  userUnlessPrevented,
} from './checks';
import type { OperationContext, Operations } from './context';
import { checkAccessToken } from './sessions';

export function accountOperations(env: OperationContext): Operations {
  return {
    async ForgotPassword(req) {
      const found = await appClient(env, req.ClientId);
      const prevent = preventsExistenceErrors(found.client);
      const user = await userUnlessPrevented(env, found, req.Username);
      if (!env.limits.sendAllowed('ForgotPassword', limitKey(user, req.Username))) throw attemptLimitExceeded();
      const email = user ? attributeValue('email', user.Attributes) : undefined;
      const verified = !!user && attributeValue('email_verified', user.Attributes) === 'true';
      // With existence errors prevented, Cognito answers a simulated delivery for a user who
      // does not exist, is disabled, or has no verified address to send a code to, and sends
      // nothing: which of those a name is cannot be learnt here. (No user at all gets here only
      // when they are prevented.)
      if (!user || (prevent && (!user.Enabled || !verified))) return { CodeDeliveryDetails: emailDelivery(email ?? String(req.Username ?? '')) };
      if (!user.Enabled) throw userDisabled();
      if (!verified) {
        throw invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      return masked(await env.callTarget('ForgotPassword', req));
    },

    async ConfirmForgotPassword(req) {
      const found = await appClient(env, req.ClientId);
      assertPassword(env, req.Password, 'password');
      const user = await userUnlessPrevented(env, found, req.Username);
      const key = limitKey(user, req.Username);
      assertCodeNotLocked(env, key);
      assertCode(env, key, user, req.ConfirmationCode);
      return env.callTarget('ConfirmForgotPassword', req);
    },

    async ChangePassword(req) {
      assertPassword(env, req.ProposedPassword, 'proposedPassword');
      return env.callTarget('ChangePassword', req);
    },

    async AdminSetUserPassword(req) {
      assertPassword(env, req.Password, 'password');
      return env.callTarget('AdminSetUserPassword', req);
    },

    async AdminCreateUser(req) {
      if (req.TemporaryPassword !== undefined) assertPassword(env, req.TemporaryPassword, 'temporaryPassword');
      try {
        return await env.callTarget('AdminCreateUser', req);
      } catch (e) {
        if (codeOf(e) === 'UsernameExistsException') throw cognitoError('UsernameExistsException', 'User account already exists');
        throw e;
      }
    },

    async UpdateUserAttributes(req) {
      await checkAccessToken(env, req.AccessToken);
      // (so no e-mail change reaches assertEmailFree here: see AdminUpdateUserAttributes)
      assertSelfServiceAttributes(req.UserAttributes);
      return env.callTarget('UpdateUserAttributes', req);
    },

    async AdminUpdateUserAttributes(req) {
      const pool = await poolNamed(env, req.UserPoolId);
      const user = await userNamed(env, pool, req.Username);
      if (!user) throw userNotFound();
      await assertEmailFree(env, pool, user, req.UserAttributes);
      return env.callTarget('AdminUpdateUserAttributes', req);
    },
  };
}
