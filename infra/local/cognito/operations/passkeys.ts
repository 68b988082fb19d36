/**
 * A user's passkeys (WebAuthn), each operation authorized by the user's own access token, as
 * Cognito's are: StartWebAuthnRegistration hands out creation options with a fresh challenge,
 * CompleteWebAuthnRegistration verifies the authenticator's answer to it (@simplewebauthn/server:
 * the challenge, one of the site's origins, the pool's relying party, user verification) and
 * keeps the credential on the user (users.ts), ListWebAuthnCredentials and
 * DeleteWebAuthnCredential read and remove them. The sign-in with one: passkey-challenge.ts.
 *
 * A registration challenge is the user's latest Start, for the app client whose token asked, for
 * REGISTRATION_MS, and taken by the first Complete that names it, whatever its outcome (a
 * refused answer cannot be tried again). Errors are the API model's: WebAuthnChallengeNotFound,
 * WebAuthnClientMismatch, WebAuthnOriginNotAllowed, WebAuthnRelyingPartyMismatch.
 */
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { userPoolDefinition as def } from '../../../../shared/user-pool';
import { attributeValue, type User } from '../cognito-local-internals';
import { cognitoError, invalidParameter, messageOf, notAuthorized } from '../errors';
import type { CognitoRequest } from '../request';
import type { WebAuthnOptions } from '../types';
import { passkeysOf, type StoredPasskey, type StoredUser } from '../users';
import type { OperationContext, Operations } from './context';
import { checkAccessToken } from './sessions';

/** How long a registration's challenge may be answered (the options' timeout says the same to the browser). */
export const REGISTRATION_MS = 5 * 60_000;
/** Cognito's limit of passkeys per user. */
const MAX_PASSKEYS = 20;
const MAX_RESULTS = 20;

interface PendingRegistration {
  challenge: string;
  clientId: string;
  expiresAt: number;
}

/** The pool's passkey settings, or Cognito's refusal for a pool with no relying party. */
export function webAuthnOf(env: OperationContext): WebAuthnOptions {
  if (!env.webAuthn)
    throw cognitoError('WebAuthnConfigurationMissingException', 'WebAuthn configuration is missing for the user pool.');
  return env.webAuthn;
}

/** The WebAuthn user handle of a Cognito user: its `sub`, as bytes, base64url (never the e-mail). */
export const userHandleOf = (user: User): string =>
  isoBase64URL.fromBuffer(isoUint8Array.fromUTF8String(attributeValue('sub', user.Attributes) ?? user.Username));

/** What verifyRegistrationResponse's refusal means in Cognito's error names. */
function registrationRefusal(e: unknown): Error {
  const message = String(messageOf(e) ?? '');
  if (/origin/i.test(message))
    return cognitoError('WebAuthnOriginNotAllowedException', 'The passkey origin is not allowed.');
  if (/RP ID/i.test(message))
    return cognitoError('WebAuthnRelyingPartyMismatchException', 'The passkey relying party ID does not match.');
  if (/challenge/i.test(message))
    return cognitoError('WebAuthnChallengeNotFoundException', 'The WebAuthn challenge was not found.');
  if (/verif/i.test(message)) return notAuthorized('User verification is required to register a passkey.');
  if (/alg|Attestation/i.test(message))
    return cognitoError('WebAuthnCredentialNotSupportedException', 'The passkey credential is not supported.');
  return invalidParameter('Invalid WebAuthn credential.');
}

function registrationResponseOf(value: unknown): RegistrationResponseJSON {
  const r = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  const response = r && typeof r.response === 'object' && r.response !== null ? r.response : null;
  if (!r || typeof r.id !== 'string' || typeof r.rawId !== 'string' || !response)
    throw invalidParameter('Invalid WebAuthn credential.');
  return value as RegistrationResponseJSON;
}

const descriptionOf = (p: StoredPasskey) => ({
  CredentialId: p.CredentialId,
  FriendlyCredentialName: p.FriendlyCredentialName,
  RelyingPartyId: p.RelyingPartyId,
  ...(p.AuthenticatorAttachment ? { AuthenticatorAttachment: p.AuthenticatorAttachment } : {}),
  AuthenticatorTransports: p.Transports,
  CreatedAt: p.CreatedAt,
});

/** The verified credential kept on the user, within Cognito's limit. */
async function keepPasskey(
  env: OperationContext,
  user: StoredUser,
  credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] },
  response: RegistrationResponseJSON,
  rpId: string,
) {
  const held = passkeysOf(user);
  if (held.some((p) => p.CredentialId === credential.id)) throw invalidParameter('The passkey is already registered.');
  if (held.length >= MAX_PASSKEYS)
    throw cognitoError('LimitExceededException', 'The user has reached the limit of passkeys.');
  const passkey: StoredPasskey = {
    CredentialId: credential.id,
    PublicKey: isoBase64URL.fromBuffer(new Uint8Array(credential.publicKey)),
    Counter: credential.counter,
    Transports: credential.transports ?? response.response.transports ?? [],
    ...(response.authenticatorAttachment ? { AuthenticatorAttachment: response.authenticatorAttachment } : {}),
    RelyingPartyId: rpId,
    FriendlyCredentialName: 'Passkey',
    CreatedAt: Math.floor(Date.now() / 1000),
  };
  const updated: StoredUser = {
    ...user,
    WebAuthnCredentials: [...held, passkey],
    UserLastModifiedDate: env.clock.get(),
  };
  await env.pool.saveUser(env.ctx, updated);
}

/** Registration: Start hands out the challenge Complete verifies the answer to. */
function registrationOperations(env: OperationContext): Operations {
  const pending = new Map<string, PendingRegistration>();

  async function start(req: CognitoRequest) {
    const { payload, user } = await checkAccessToken(env, req.AccessToken);
    const { relyingPartyId } = webAuthnOf(env);
    const email = attributeValue('email', user.Attributes) ?? user.Username;
    const options = await generateRegistrationOptions({
      rpName: def.poolName,
      rpID: relyingPartyId,
      userID: isoBase64URL.toBuffer(userHandleOf(user)),
      userName: email,
      userDisplayName: email,
      timeout: REGISTRATION_MS,
      attestationType: 'none',
      excludeCredentials: passkeysOf(user).map((p) => ({
        id: p.CredentialId,
        transports: p.Transports,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    pending.set(user.Username, {
      challenge: options.challenge,
      clientId: String(payload.client_id),
      expiresAt: env.now() + REGISTRATION_MS,
    });
    return { CredentialCreationOptions: options };
  }

  async function complete(req: CognitoRequest) {
    const { payload, user } = await checkAccessToken(env, req.AccessToken);
    const { relyingPartyId, origins } = webAuthnOf(env);
    const response = registrationResponseOf(req.Credential);
    const registration = pending.get(user.Username);
    // Taken by this answer whatever it comes to.
    pending.delete(user.Username);
    if (!registration || env.now() >= registration.expiresAt)
      throw cognitoError('WebAuthnChallengeNotFoundException', 'The WebAuthn challenge was not found.');
    if (registration.clientId !== payload.client_id)
      throw cognitoError('WebAuthnClientMismatchException', 'The access token is for another client.');
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: registration.challenge,
      expectedOrigin: [...origins],
      expectedRPID: relyingPartyId,
      requireUserVerification: true,
    }).catch((e: unknown) => {
      throw registrationRefusal(e);
    });
    if (!verified.verified) throw notAuthorized('The passkey could not be verified.');
    await keepPasskey(env, user, verified.registrationInfo.credential, response, relyingPartyId);
    return {};
  }

  return { StartWebAuthnRegistration: start, CompleteWebAuthnRegistration: complete };
}

/** The user's passkeys read and removed. */
function credentialOperations(env: OperationContext): Operations {
  return {
    async ListWebAuthnCredentials(req) {
      const { user } = await checkAccessToken(env, req.AccessToken);
      const max = req.MaxResults === undefined ? MAX_RESULTS : Number(req.MaxResults);
      if (!Number.isInteger(max) || max < 1 || max > MAX_RESULTS)
        throw invalidParameter(
          `1 validation error detected: Value '${String(req.MaxResults)}' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to ${MAX_RESULTS}`,
        );
      const all = passkeysOf(user);
      const from = req.NextToken === undefined ? 0 : all.findIndex((p) => p.CredentialId === req.NextToken);
      if (from < 0) throw invalidParameter('Invalid NextToken.');
      const page = all.slice(from, from + max);
      const next = all[from + max];
      return { Credentials: page.map(descriptionOf), ...(next ? { NextToken: next.CredentialId } : {}) };
    },

    async DeleteWebAuthnCredential(req) {
      const { user } = await checkAccessToken(env, req.AccessToken);
      if (typeof req.CredentialId !== 'string' || !req.CredentialId)
        throw invalidParameter('Missing required parameter CredentialId');
      const held = passkeysOf(user);
      if (!held.some((p) => p.CredentialId === req.CredentialId))
        throw cognitoError('ResourceNotFoundException', 'Credential not found.');
      const updated: StoredUser = {
        ...user,
        WebAuthnCredentials: held.filter((p) => p.CredentialId !== req.CredentialId),
        UserLastModifiedDate: env.clock.get(),
      };
      await env.pool.saveUser(env.ctx, updated);
      return {};
    },
  };
}

export function passkeyOperations(env: OperationContext): Operations {
  return { ...registrationOperations(env), ...credentialOperations(env) };
}
