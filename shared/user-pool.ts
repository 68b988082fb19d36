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
   * The hosted UI's code flow (Google) needs no explicit flow, and a refresh rotates (below), which
   * only GetTokensFromRefreshToken does: InitiateAuth's REFRESH_TOKEN_AUTH is not allowed.
   */
  authFlows: ['USER_SRP_AUTH', 'USER_AUTH'] as const,
  /**
   * What a sign-in may start with under USER_AUTH: the password (over SRP, as above) or a passkey.
   * Cognito's PASSWORD factor also takes a plain password in that flow; the web never sends one.
   */
  firstFactors: ['PASSWORD', 'WEB_AUTHN'] as const,
  /**
   * Passkeys (WebAuthn): every ceremony requires user verification (a PIN or biometric on the
   * device, not a mere touch), and a passkey sign-in with it counts as multi-factor, so it stands
   * in for the authenticator code. The relying party is the site's own host, per stage
   * (infra/aws/auth.ts; `localhost` on this machine).
   */
  passkeys: { userVerification: 'required', factorConfiguration: 'MULTI_FACTOR_WITH_USER_VERIFICATION' },
  /**
   * The `amr` claim (authentication methods) Cognito's tokens carry for each way of signing in,
   * kept across refreshes. The product reads a session's sign-in from it only as "a passkey
   * signed in" (multi-factor without a password: lambdas/lib/http/sign-in-method.ts), so the
   * exact word Cognito uses for the key does not decide anything.
   */
  signInMethods: {
    password: ['pwd'],
    passwordAndCode: ['pwd', 'otp', 'mfa'],
    passkey: ['hwk', 'user', 'mfa'],
  },
  /**
   * Each refresh (GetTokensFromRefreshToken) hands out a new refresh token and retires the one it
   * was given this many seconds later: long enough to retry a refresh whose answer was lost, so a
   * stolen refresh token works only until its owner's next refresh, not for its 30 days.
   */
  refreshTokenRotationGraceSeconds: 10,
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
   * who is a client of the firm cannot be probed (docs/decisions/0004-enumeration-protection.md).
   */
  preventUserExistenceErrors: true,
  /**
   * The attributes the app client lets a user write of their own (its WriteAttributes, which
   * Cognito checks on SignUp, UpdateUserAttributes and DeleteUserAttributes, refusing any other
   * with "A client attempted to write unauthorized attribute"): what the sign-up form sends. No
   * `name`, `preferred_username`, `phone_number` or any other: names change through the names
   * route (PUT /api/portfolios/{userId}/names), whose rules the profile keeps, and the ID token
   * carries the profile's names (lambdas/triggers/pre-token-generation.ts), whatever Cognito holds.
   */
  writeAttributes: ['email', 'given_name', 'family_name'] as const,
  /**
   * Added to writeAttributes where the client signs in with Google: Cognito writes each mapped
   * attribute at every federated sign-in and requires the client to be allowed to write it ("If
   * your app client allows users to sign in through an IdP, this array must include all
   * attributes that you have mapped"). The mapping's other attributes are writeAttributes already,
   * but for `email_verified`, which is no user-writable attribute (a user who could write it would
   * verify their own address) and which Cognito maps without it.
   */
  googleWriteAttributes: ['picture'] as const,
  /**
   * Two-factor sign-in: optional for the pool, by authenticator app (TOTP) only, and required of
   * administrators by the API (admin-membership.ts), since an admin's password alone moves money.
   */
  mfa: { mode: 'OPTIONAL', totp: true, sms: false, totpIssuer: 'Aurum' },
} as const;
