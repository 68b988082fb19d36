/**
 * The Cognito operations the API makes with the caller's own access token: reading the second
 * factor, handing out and confirming an authenticator secret, putting it in force or out, and
 * changing the password. Cognito authorizes them by the token alone (the function's role grants
 * nothing for them), so each acts on exactly the caller's account.
 *
 * Cognito's refusals become the product's here, in its words: a wrong code or password is the
 * caller's to fix (bad input), a token Cognito no longer takes ends the session (signed out).
 */
import {
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  GetUserCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { errors } from '../../../shared/messages';
import { Refused } from '../data/domain-errors';
import { cognitoClient } from './cognito-client';
import { refusals } from '../../../shared/refusals';

/** Cognito's refusal in the product's words, or the error itself when it is not the caller's doing. */
export function refusalOf(error: unknown): unknown {
  const { name = '', message } = error as { name?: string; message?: string };
  const text = message ?? '';
  switch (name) {
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(text)) return new Refused('tooManyAttempts', errors.signIn.tooManyRequests);
      if (/incorrect username or password/i.test(text))
        return new Refused('badInput', errors.account.wrongCurrentPassword);
      return new Refused('signedOut', errors.account.sessionEnded);
    case 'UserNotFoundException':
      return new Refused('signedOut', errors.account.sessionEnded);
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return new Refused('badInput', errors.twoFactor.wrongCode);
    case 'ExpiredCodeException':
      return new Refused('badInput', errors.twoFactor.usedCode);
    case 'SoftwareTokenMFANotFoundException':
      return new Refused('conflict', refusals.twoFactorSetupNotStarted);
    case 'InvalidPasswordException':
      return new Refused('badInput', errors.signUp.weakPassword);
    case 'InvalidParameterException':
      return new Refused('badInput', text || errors.generic);
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return new Refused('tooManyAttempts', errors.signIn.tooManyRequests);
    default:
      return error;
  }
}

/** Runs a Cognito call, its refusal turned into the product's (refusalOf). */
export async function asCaller<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const refusal = refusalOf(error);
    throw refusal instanceof Refused ? refusal : error;
  }
}

/** Whether an authenticator app is in force for the token's user. */
export function authenticatorInForce(accessToken: string): Promise<boolean> {
  return asCaller(async () => {
    const user = await cognitoClient().send(new GetUserCommand({ AccessToken: accessToken }));
    return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  });
}

/** A new authenticator secret (base32) for the token's user, not yet in force. */
export function associateAuthenticator(accessToken: string): Promise<string> {
  return asCaller(async () => {
    const { SecretCode } = await cognitoClient().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!SecretCode) throw new Error('AssociateSoftwareToken answered no secret');
    return SecretCode;
  });
}

/** Confirms the secret waiting for the token's user with one of its codes (a Status other than SUCCESS is a wrong code too). */
export function confirmAuthenticator(accessToken: string, code: string): Promise<void> {
  return asCaller(async () => {
    const { Status } = await cognitoClient().send(
      new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code }),
    );
    if (Status !== 'SUCCESS') throw new Refused('badInput', errors.twoFactor.wrongCode);
  });
}

/** Puts the confirmed authenticator app in force (and preferred), or takes it out. */
export function setAuthenticatorInForce(accessToken: string, inForce: boolean): Promise<void> {
  return asCaller(async () => {
    await cognitoClient().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: inForce, PreferredMfa: inForce },
      }),
    );
  });
}

/** Cognito checks the password in force and its policy on the new one. */
export function changeOwnPassword(
  accessToken: string,
  previousPassword: string,
  proposedPassword: string,
): Promise<void> {
  return asCaller(async () => {
    await cognitoClient().send(
      new ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: previousPassword,
        ProposedPassword: proposedPassword,
      }),
    );
  });
}
