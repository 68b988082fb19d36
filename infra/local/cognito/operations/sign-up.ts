/**
 * SignUp, ConfirmSignUp and ResendConfirmationCode as Cognito runs them: the password policy, the
 * app client's write attributes (attributes.ts), the PreSignUp trigger with the request's
 * validationData, user-existence error prevention, the attempt limits, masked code destinations,
 * and ResendConfirmationCode, which cognito-local lacks.
 */
import { isEmailAddress, outsideCognitoUserNamePattern } from '../../../../shared/email-address';
import { attributeValue, attributesAppend, otp, type Services, type User } from '../cognito-local-internals';
import { emailDelivery, masked } from '../delivery';
import { invalidParameter, notAuthorized, refusal } from '../errors';
import { clientMetadataOf, type CognitoRequest, type CognitoResponse } from '../request';
import { cognitoLocalRoute } from '../services';
import { assertWritableAttributes } from './attributes';
import { appClient, assertCode, assertCodeNotLocked, assertPassword, limitKey, userUnlessPrevented } from './checks';
import type { OperationContext, Operations } from './context';

/**
 * cognito-local's SignUp with the PreSignUp trigger in front of it (its own passes no
 * validationData), through services made for this one request. A user the trigger confirms
 * gets no confirmation code, as in Cognito.
 */
async function signUpWithTrigger(env: OperationContext, req: CognitoRequest): Promise<CognitoResponse> {
  let autoConfirmed = false;
  const triggers = env.triggers.cognitoLocal;
  const requestServices: Services = {
    ...env.services,
    triggers: {
      ...triggers,
      enabled: (name) => (name === 'PreSignUp' ? env.triggers.preSignUpConfigured : triggers.enabled(name)),
      preSignUp: async (_ctx, p) => {
        const response = await env.triggers.preSignUp(p, req);
        autoConfirmed = response.autoConfirmUser;
        return response;
      },
    },
    messages: { deliver: (...args) => (autoConfirmed ? Promise.resolve() : env.messages.deliver(...args)) },
  };
  const out = await cognitoLocalRoute(requestServices, 'SignUp')(env.ctx, req);
  return autoConfirmed ? { ...out, CodeDeliveryDetails: undefined } : masked(out);
}

/**
 * The address a sign-up names, as the user name and as its `email` attribute. Cognito's API model
 * refuses a user name with white space or a control character (its pattern); the rest of the
 * product's address rule (shared/email-address.ts: no angle brackets, quotes, commas...) stands
 * for Cognito's own e-mail format check, which it does not publish. Either way nothing is stored
 * and no code is mailed.
 */
function assertSignUpAddress(req: CognitoRequest): void {
  const username = typeof req.Username === 'string' ? req.Username : '';
  if (outsideCognitoUserNamePattern(username)) {
    throw invalidParameter(
      "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+",
    );
  }
  const attributes = Array.isArray(req.UserAttributes) ? (req.UserAttributes as unknown[]) : [];
  const emails = attributes.flatMap((a) =>
    typeof a === 'object' && a !== null && (a as { Name?: unknown }).Name === 'email'
      ? [String((a as { Value?: unknown }).Value ?? '')]
      : [],
  );
  if (![username, ...emails].every(isEmailAddress)) throw invalidParameter('Invalid email address format.');
}

export function signUpOperations(env: OperationContext): Operations {
  return {
    async SignUp(req) {
      assertSignUpAddress(req);
      const { client, pool } = await appClient(env, req.ClientId);
      assertPassword(env, req.Password, 'password');
      assertWritableAttributes(client, req.UserAttributes, 'userAttributes');
      // Cognito answers this even with user-existence errors prevented: that setting covers
      // sign-in, confirmation, reset and resend, not sign-up.
      if (typeof req.Username === 'string' && (await pool.getUserByUsername(env.ctx, req.Username)))
        throw refusal('emailUsernameExists');
      return signUpWithTrigger(env, req);
    },

    async ConfirmSignUp(req) {
      const found = await appClient(env, req.ClientId);
      const { client, pool } = found;
      const user = await userUnlessPrevented(env, found, req.Username);
      const key = limitKey(user, req.Username);
      assertCodeNotLocked(env, key);
      if (user && user.UserStatus !== 'UNCONFIRMED')
        throw notAuthorized(`User cannot be confirmed. Current status is ${user.UserStatus}`);
      assertCode(env, key, user, req.ConfirmationCode);
      const verified =
        (pool.options.AutoVerifiedAttributes ?? []).includes('email') && attributeValue('email', user.Attributes);
      const updated: User = {
        ...user,
        UserStatus: 'CONFIRMED',
        ConfirmationCode: undefined,
        Attributes: verified
          ? attributesAppend(user.Attributes, { Name: 'email_verified', Value: 'true' })
          : user.Attributes,
        UserLastModifiedDate: env.clock.get(),
      };
      await pool.saveUser(env.ctx, updated);
      await env.triggers.postConfirmation({
        clientId: client.ClientId,
        clientMetadata: clientMetadataOf(req.ClientMetadata),
        source: 'PostConfirmation_ConfirmSignUp',
        username: updated.Username,
        userPoolId: pool.options.Id,
        userAttributes: attributesAppend(updated.Attributes, { Name: 'cognito:user_status', Value: 'CONFIRMED' }),
      });
      return {};
    },

    async ResendConfirmationCode(req) {
      const found = await appClient(env, req.ClientId);
      const { client, pool } = found;
      const user = await userUnlessPrevented(env, found, req.Username);
      if (!env.limits.sendAllowed('ResendConfirmationCode', limitKey(user, req.Username)))
        throw refusal('attemptLimitExceeded');
      if (!user) return { CodeDeliveryDetails: emailDelivery(String(req.Username ?? '')) };
      // Cognito says this of a confirmed user whatever the client's existence-error setting.
      if (user.UserStatus !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
      const email = attributeValue('email', user.Attributes);
      if (!email) throw invalidParameter('User has no attribute matching desired auto verified attributes');
      let code = otp();
      while (code === user.ConfirmationCode) code = otp();
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
      await env.messages.deliver(
        env.ctx,
        'ResendCode',
        client.ClientId,
        pool.options.Id,
        user,
        code,
        clientMetadataOf(req.ClientMetadata),
        delivery,
      );
      await pool.saveUser(env.ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: env.clock.get() });
      return { CodeDeliveryDetails: emailDelivery(email) };
    },
  };
}
