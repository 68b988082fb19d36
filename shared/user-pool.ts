/**
 * The Cognito user pool as both stacks build it: the CDK stack in AWS and cognito-local on
 * this machine. Anything the two must agree on lives here.
 */
import { MIN_PASSWORD_LENGTH } from './forms';

export const userPoolDefinition = {
  poolName: 'aurum-clients',
  clientName: 'aurum-web',
  /** E-mail is the sign-in name; the immutable `sub` identifies the client everywhere else. */
  usernameAttributes: ['email'] as const,
  autoVerifiedAttributes: ['email'] as const,
  passwordMinLength: MIN_PASSWORD_LENGTH,
  adminGroup: 'admins',
  /**
   * Password sign-in by SRP only, so the password never travels to Cognito (the web signs in with
   * Amplify's SRP and re-checks a password with shared/cognito-srp.ts); no USER_PASSWORD_AUTH.
   * The hosted UI's code flow (Google) needs no explicit flow.
   */
  authFlows: ['USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH'] as const,
  /** The scope every access token carries; the API requires it so ID tokens are refused. */
  apiScope: 'aws.cognito.signin.user.admin',
  /**
   * The HTTP API authorizer never asks Cognito whether a token was revoked, so a signed-out,
   * demoted or re-passworded user keeps API access until the token expires: keep that short.
   * Refresh tokens keep sessions going.
   */
  accessTokenValidityMinutes: 15,
  idTokenValidityMinutes: 15,
  refreshTokenValidityDays: 30,
  /**
   * An unknown e-mail and a wrong password answer alike, and so do reset and resend requests:
   * who is a client of the firm cannot be probed (design.md sections 7 and 8).
   */
  preventUserExistenceErrors: true,
  /**
   * Two-factor sign-in: optional for the pool, by authenticator app (TOTP) only, and required of
   * administrators by the API (admin-membership.ts), since an admin's password alone moves money.
   */
  mfa: { mode: 'OPTIONAL', totp: true, sms: false, totpIssuer: 'Aurum' },
} as const;
