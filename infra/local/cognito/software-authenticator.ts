/**
 * A passkey authenticator in software, for Node tests: what a browser and a platform
 * authenticator (Touch ID, Windows Hello) hand a relying party, made from the options Cognito
 * gives (`StartWebAuthnRegistration`'s CredentialCreationOptions, the WEB_AUTHN challenge's
 * CREDENTIAL_REQUEST_OPTIONS) as RegistrationResponseJSON and AuthenticationResponseJSON.
 *
 * Written here because no kept library is one: @simplewebauthn/server verifies responses and
 * @simplewebauthn/browser calls the browser's own authenticator; the npm packages that fake one
 * would be a new dependency for a few dozen lines. It follows WebAuthn Level 3 exactly where a
 * relying party looks: ES256 keys (node:crypto, P-256, DER signatures), attestation "none",
 * authenticator data (RP ID hash, flags UP/UV/BE/BS/AT, a big-endian sign counter, the attested
 * credential with its COSE key, encoded with the server library's own CBOR), client data with
 * the page's origin. What a test needs to walk around a control can be switched: the origin,
 * the RP ID, user verification, the counter and which credential answers.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

export interface SoftwareAuthenticatorOptions {
  /** The page's origin the browser would put in client data, e.g. `http://localhost:5173`. */
  origin: string;
  /** The RP ID the authenticator hashes; by default the one the options name. */
  rpId?: string;
  /** Whether the user was verified (PIN, biometrics): the UV flag. Default true. */
  userVerified?: boolean;
}

/** One answer's departures from the authenticator's settings, for tests of refusals. */
export interface SoftwareAuthenticatorOverrides {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** The sign counter to report (otherwise the stored one plus one). */
  counter?: number;
  /** The credential that answers (otherwise the first of allowCredentials this authenticator holds). */
  credentialId?: string;
}

/** A credential this authenticator holds. */
export interface SoftwareCredential {
  id: string;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface SoftwareAuthenticator {
  /** `navigator.credentials.create`'s answer, as JSON. */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides?: SoftwareAuthenticatorOverrides,
  ): RegistrationResponseJSON;
  /** `navigator.credentials.get`'s answer, as JSON. */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides?: SoftwareAuthenticatorOverrides,
  ): AuthenticationResponseJSON;
  /** The credentials it holds (their counters as last reported). */
  readonly credentials: readonly SoftwareCredential[];
}

interface HeldCredential extends SoftwareCredential {
  privateKey: KeyObject;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
/** Synced passkeys (iCloud Keychain, Google Password Manager) say backup-eligible and backed up. */
const BASE_FLAGS = FLAG_USER_PRESENT | FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP;
const COSE_ALG_ES256 = -7;

type CborValue = Parameters<typeof isoCBOR.encode>[0];

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

function authenticatorData(rpId: string, userVerified: boolean, counter: number, attested?: Buffer): Buffer {
  const flags = BASE_FLAGS | (userVerified ? FLAG_USER_VERIFIED : 0) | (attested ? FLAG_ATTESTED_CREDENTIAL : 0);
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

/** The public key as COSE_Key (EC2, P-256, ES256). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, CborValue>([
      [1, 2],
      [3, COSE_ALG_ES256],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
}

function attestedCredential(credentialId: Buffer, publicKey: KeyObject): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  return Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey(publicKey)]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

const b64 = (bytes: Uint8Array): string => isoBase64URL.fromBuffer(new Uint8Array(bytes));

/** The credential that answers: the one asked for, else the first the options allow. */
function pick(
  held: readonly HeldCredential[],
  options: PublicKeyCredentialRequestOptionsJSON,
  overrides: SoftwareAuthenticatorOverrides,
  rpId: string,
) {
  if (overrides.credentialId) return held.find((c) => c.id === overrides.credentialId);
  const allowed = options.allowCredentials ?? [];
  return allowed.length === 0
    ? held.find((c) => c.rpId === rpId)
    : held.find((c) => c.rpId === rpId && allowed.some((a) => a.id === c.id));
}

/** A software authenticator answering for `origin`; each `create` makes a new resident ES256 credential. */
export function softwareAuthenticator(settings: SoftwareAuthenticatorOptions): SoftwareAuthenticator {
  const held: HeldCredential[] = [];

  function create(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: SoftwareAuthenticatorOverrides = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? settings.rpId ?? options.rp.id ?? new URL(settings.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (held.some((c) => excluded.has(c.id) && c.rpId === rpId)) {
      throw new Error('InvalidStateError: this authenticator already holds one of excludeCredentials.');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(32);
    const userVerified = overrides.userVerified ?? settings.userVerified ?? true;
    const authData = authenticatorData(rpId, userVerified, 0, attestedCredential(rawId, publicKey));
    const attestationObject = isoCBOR.encode(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = b64(rawId);
    held.push({ id, rpId, userHandle: options.user.id, counter: 0, privateKey });
    return {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData('webauthn.create', options.challenge, overrides.origin ?? settings.origin)),
        attestationObject: b64(attestationObject),
        authenticatorData: b64(authData),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: COSE_ALG_ES256,
        publicKey: b64(publicKey.export({ format: 'der', type: 'spki' })),
      },
    };
  }

  function get(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: SoftwareAuthenticatorOverrides = {},
  ): AuthenticationResponseJSON {
    const rpId = overrides.rpId ?? settings.rpId ?? options.rpId ?? new URL(settings.origin).hostname;
    const credential = pick(held, options, overrides, overrides.rpId ? (options.rpId ?? rpId) : rpId);
    if (!credential) throw new Error('NotAllowedError: this authenticator holds none of the allowed credentials.');
    credential.counter = overrides.counter ?? credential.counter + 1;
    const userVerified = overrides.userVerified ?? settings.userVerified ?? true;
    const authData = authenticatorData(rpId, userVerified, credential.counter);
    const data = clientData('webauthn.get', options.challenge, overrides.origin ?? settings.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(data),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  return {
    create,
    get,
    get credentials() {
      return held.map(({ id, rpId, userHandle, counter }) => ({ id, rpId, userHandle, counter }));
    },
  };
}
