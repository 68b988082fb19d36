/**
 * The Cognito operations on the caller's passkeys (WebAuthn credentials), made with the caller's
 * own access token, as the second factor's are (cognito-user-calls.ts): creation options handed
 * out, a registration completed, the passkeys listed, one deleted. Cognito authorizes each by the
 * token alone, so each acts on exactly the caller's account; the user pool's firewall refuses the
 * changes unless they come from the API's functions (cognito-backend-header.ts).
 *
 * Cognito verifies a registration itself (the challenge it handed out to this user, once; the
 * origin; the relying party; user verification). Its refusals become the product's here.
 */
import {
  CompleteWebAuthnRegistrationCommand,
  type CompleteWebAuthnRegistrationCommandInput,
  DeleteWebAuthnCredentialCommand,
  ListWebAuthnCredentialsCommand,
  StartWebAuthnRegistrationCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { passkeyMessages } from '../../../shared/passkeys';
import { Refused } from '../data/domain-errors';
import { cognitoClient } from './cognito-client';
import { refusalOf } from './cognito-user-calls';

/** One of the caller's passkeys as Cognito lists it. */
export interface CognitoPasskey {
  id: string;
  /** Cognito's own name for it (the authenticator's), possibly empty. */
  friendlyName: string;
  createdAt: Date;
}

/**
 * Cognito's refusal of a passkey in the product's words: a registration it did not take (its
 * challenge unknown or used, another origin or relying party, no user verification) is the
 * caller's to try again; a token it no longer takes ends the session, as elsewhere.
 */
export function passkeyRefusalOf(error: unknown): unknown {
  const { name = '', message = '' } = error as { name?: string; message?: string };
  if (name.startsWith('WebAuthn') || name === 'InvalidParameterException')
    return new Refused('badInput', passkeyMessages.notAccepted);
  if (name === 'ResourceNotFoundException') return new Refused('notFound', passkeyMessages.notFound);
  // The access token itself (revoked, expired, for another pool) is the session's end; any other
  // NotAuthorized answer to a registration is the credential's failure.
  if (name === 'NotAuthorizedException' && !/token/i.test(message))
    return new Refused('badInput', passkeyMessages.notAccepted);
  return refusalOf(error);
}

async function asPasskeyCaller<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const refusal = passkeyRefusalOf(error);
    throw refusal instanceof Refused ? refusal : error;
  }
}

/** PublicKeyCredentialCreationOptionsJSON as Cognito gives it: handed to the browser as it is. */
export type CreationOptions = { challenge: string } & Record<string, unknown>;

/** A new passkey's creation options for the token's user. */
export function startRegistration(accessToken: string): Promise<CreationOptions> {
  return asPasskeyCaller(async () => {
    const { CredentialCreationOptions: options } = await cognitoClient().send(
      new StartWebAuthnRegistrationCommand({ AccessToken: accessToken }),
    );
    if (!isCreationOptions(options)) throw new Error('StartWebAuthnRegistration answered no creation options');
    return options;
  });
}

const isCreationOptions = (value: unknown): value is CreationOptions =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { challenge?: unknown }).challenge === 'string';

/** Completes the registration of the browser's response to the options Cognito handed out to the token's user. */
export function completeRegistration(accessToken: string, credential: Record<string, unknown>): Promise<void> {
  return asPasskeyCaller(async () => {
    await cognitoClient().send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken: accessToken,
        Credential: credential as CompleteWebAuthnRegistrationCommandInput['Credential'],
      }),
    );
  });
}

/** Every passkey of the token's user, page by page. */
export function listPasskeys(accessToken: string): Promise<CognitoPasskey[]> {
  return asPasskeyCaller(async () => {
    const passkeys: CognitoPasskey[] = [];
    let NextToken: string | undefined;
    do {
      const page = await cognitoClient().send(
        new ListWebAuthnCredentialsCommand({ AccessToken: accessToken, MaxResults: 20, NextToken }),
      );
      for (const c of page.Credentials ?? []) {
        if (!c.CredentialId) continue;
        passkeys.push({
          id: c.CredentialId,
          friendlyName: c.FriendlyCredentialName ?? '',
          createdAt: c.CreatedAt ?? new Date(0),
        });
      }
      NextToken = page.NextToken;
    } while (NextToken);
    return passkeys;
  });
}

/** Deletes one passkey of the token's user: one it does not have is refused as not found. */
export function deletePasskey(accessToken: string, credentialId: string): Promise<void> {
  return asPasskeyCaller(async () => {
    await cognitoClient().send(
      new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: credentialId }),
    );
  });
}
