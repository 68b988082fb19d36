/**
 * Passkeys on a real local stack, judged by the client the product ships: Amplify's own
 * `associateWebAuthnCredential`, `listWebAuthnCredentials`, `deleteWebAuthnCredential` and
 * `signIn` with USER_AUTH and WEB_AUTHN (aws-amplify/auth, configured as the web configures it).
 * Node has no WebAuthn, so the browser's half is given as Amplify reads it (window,
 * isSecureContext, PublicKeyCredential and its response classes, navigator.credentials), backed
 * by the emulator's software authenticator: Amplify turns Cognito's JSON options into the
 * ArrayBuffer options a browser takes and the credential back into JSON, so the shapes the
 * emulator gives and takes are the ones Amplify's client expects, as Cognito's are. Every Cognito
 * call it makes is recorded on its way out.
 *
 * The registration calls (Start/CompleteWebAuthnRegistration, and List/DeleteWebAuthnCredential)
 * are not the browser's to make on this product: the gateway's /cognito refuses them ("not
 * available to browsers", checked below), as the user pool's firewall refuses the changes without
 * the backend secret in AWS; the API's passkey routes make them with the user's token and the
 * backend header. So the test sends exactly those four of Amplify's calls straight to the pool's
 * port with the stack's backend secret (as the emulator's other tests with the secret do), and
 * the sign-in, which the browser does make, through the gateway as the web app does.
 */
import { Amplify } from 'aws-amplify';
import {
  associateWebAuthnCredential,
  deleteWebAuthnCredential,
  fetchAuthSession,
  listWebAuthnCredentials,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../../index';
import { COGNITO_BACKEND_HEADER } from '../../../../../lambdas/lib/cognito/cognito-backend-header';
import { parseSiteConfig } from '../../../../../shared/site-config';
import { userPoolDefinition } from '../../../../../shared/user-pool';
import { configureAmplify } from '../../../../../web/src/auth/amplify';
import { claimsOf } from '../../../../../tests/integration/support/client';
import { failureOf } from '../../../../../tests/integration/support/failure';
import { useTestStack } from '../../../../../tests/integration/support/use-stack';
import { DEMO_PASSWORD } from '../../../seed';

const t = useTestStack({ seed: true });

// Amplify's own SRP arithmetic runs slowly under Jest's module sandbox (srp-sign-in.test.ts).
jest.setTimeout(240_000);

const REGISTRATION_OPERATIONS = new Set([
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'ListWebAuthnCredentials',
  'DeleteWebAuthnCredential',
]);

interface CognitoCall {
  target: string;
  body: string;
}

let calls: CognitoCall[] = [];
const takeCalls = () => {
  const taken = calls;
  calls = [];
  return taken;
};

const realFetch = globalThis.fetch;
const targetOf = (init: RequestInit | undefined) =>
  (new Headers(init?.headers).get('x-amz-target') ?? '').replace('AWSCognitoIdentityProviderService.', '');

/** Records each Cognito call; sends the four registration calls to the pool's port with the backend secret (see the header). */
function recordingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (!String(input instanceof Request ? input.url : input).startsWith(`${t.stack.url}/cognito`))
    return realFetch(input, init);
  const target = targetOf(init);
  calls.push({ target, body: typeof init?.body === 'string' ? init.body : '' });
  if (!REGISTRATION_OPERATIONS.has(target)) return realFetch(input, init);
  const headers = new Headers(init?.headers);
  headers.set(COGNITO_BACKEND_HEADER, t.stack.cognito.backendSecret);
  return realFetch(`${t.stack.cognito.endpoint}/`, { ...init, headers });
}

/** The user's authenticator, answering for the site's origin (set once the stack runs). */
let current: SoftwareAuthenticator;

const b64 = (buffer: ArrayBuffer | ArrayBufferView): string =>
  Buffer.from(buffer instanceof ArrayBuffer ? buffer : buffer.buffer).toString('base64url');
const arrayBuffer = (base64url: string | undefined): ArrayBuffer => {
  const bytes = Buffer.from(base64url ?? '', 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

/** The browser's classes, as much of them as Amplify's `instanceof` checks and serializers read. */
class FakeAttestationResponse {
  constructor(private readonly json: RegistrationResponseJSON['response']) {}
  get clientDataJSON() {
    return arrayBuffer(this.json.clientDataJSON);
  }
  get attestationObject() {
    return arrayBuffer(this.json.attestationObject);
  }
  getTransports = () => this.json.transports ?? [];
  getPublicKeyAlgorithm = () => this.json.publicKeyAlgorithm ?? -7;
  getAuthenticatorData = () => arrayBuffer(this.json.authenticatorData);
  getPublicKey = () => arrayBuffer(this.json.publicKey);
}
class FakeAssertionResponse {
  constructor(private readonly json: AuthenticationResponseJSON['response']) {}
  get clientDataJSON() {
    return arrayBuffer(this.json.clientDataJSON);
  }
  get authenticatorData() {
    return arrayBuffer(this.json.authenticatorData);
  }
  get signature() {
    return arrayBuffer(this.json.signature);
  }
  get userHandle() {
    return this.json.userHandle ? arrayBuffer(this.json.userHandle) : null;
  }
}
class FakePublicKeyCredential {
  readonly type = 'public-key';
  readonly authenticatorAttachment = 'platform';
  constructor(
    readonly id: string,
    readonly response: FakeAttestationResponse | FakeAssertionResponse,
  ) {}
  get rawId() {
    return arrayBuffer(this.id);
  }
  getClientExtensionResults = () => ({});
}

interface BufferOptions {
  challenge: ArrayBuffer;
  user?: { id: ArrayBuffer };
  excludeCredentials?: { id: ArrayBuffer }[];
  allowCredentials?: { id: ArrayBuffer }[];
}

/** navigator.credentials as a browser gives it: the buffers back to JSON, the authenticator's answer back to objects. */
const credentials = {
  async create({ publicKey }: { publicKey: BufferOptions }) {
    const options = {
      ...publicKey,
      challenge: b64(publicKey.challenge),
      user: { ...publicKey.user, id: b64(publicKey.user?.id ?? new ArrayBuffer(0)) },
      excludeCredentials: (publicKey.excludeCredentials ?? []).map((c) => ({ ...c, id: b64(c.id) })),
    } as unknown as PublicKeyCredentialCreationOptionsJSON;
    const made = current.create(options);
    return new FakePublicKeyCredential(made.id, new FakeAttestationResponse(made.response));
  },
  async get({ publicKey }: { publicKey: BufferOptions }) {
    const options = {
      ...publicKey,
      challenge: b64(publicKey.challenge),
      allowCredentials: (publicKey.allowCredentials ?? []).map((c) => ({ ...c, id: b64(c.id) })),
    } as unknown as PublicKeyCredentialRequestOptionsJSON;
    const answer = current.get(options);
    return new FakePublicKeyCredential(answer.id, new FakeAssertionResponse(answer.response));
  },
};

const browserGlobals = {
  window: {
    document: {},
    isSecureContext: true,
    PublicKeyCredential: FakePublicKeyCredential,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  },
  navigator: { credentials },
  PublicKeyCredential: FakePublicKeyCredential,
  AuthenticatorAttestationResponse: FakeAttestationResponse,
  AuthenticatorAssertionResponse: FakeAssertionResponse,
};
const saved = new Map<string, PropertyDescriptor | undefined>();

beforeAll(async () => {
  current = softwareAuthenticator({ origin: t.stack.url });
  globalThis.fetch = recordingFetch;
  const config = parseSiteConfig(await (await realFetch(`${t.stack.url}/config.json`)).json());
  // Configured as in Node (tokens in memory), then given the browser's WebAuthn.
  configureAmplify(config, t.stack.url);
  for (const [name, value] of Object.entries(browserGlobals)) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe(`${t.stack.url}/cognito`);
});

afterAll(() => {
  globalThis.fetch = realFetch;
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else Reflect.deleteProperty(globalThis, name);
  }
});

afterEach(async () => {
  await signOut();
  takeCalls();
});

const amrNow = async () => claimsOf((await fetchAuthSession()).tokens?.accessToken.toString() ?? '').amr;

describe("Amplify's own passkey calls against the local Cognito", () => {
  it('registers a passkey, lists it, signs in with it (USER_AUTH, WEB_AUTHN), and deletes it', async () => {
    await signIn({ username: 'alice@example.com', password: DEMO_PASSWORD });
    expect(await amrNow()).toEqual(userPoolDefinition.signInMethods.password);
    takeCalls();

    await associateWebAuthnCredential();
    expect(takeCalls().map((c) => c.target)).toEqual(['StartWebAuthnRegistration', 'CompleteWebAuthnRegistration']);
    const listed = await listWebAuthnCredentials();
    expect(listed.credentials).toEqual([
      expect.objectContaining({
        credentialId: current.credentials[0]?.id,
        relyingPartyId: 'localhost',
        createdAt: expect.any(Date),
      }),
    ]);
    await signOut();
    takeCalls();

    const result = await signIn({
      username: 'alice@example.com',
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
    });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const signInCalls = takeCalls();
    expect(signInCalls.map((c) => c.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect(JSON.parse(signInCalls[0]?.body ?? '{}')).toMatchObject({
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: 'alice@example.com', PREFERRED_CHALLENGE: 'WEB_AUTHN' },
    });
    expect(JSON.parse(signInCalls[1]?.body ?? '{}')).toMatchObject({
      ChallengeName: 'WEB_AUTHN',
      ChallengeResponses: { USERNAME: 'alice@example.com', CREDENTIAL: expect.any(String) },
    });
    expect(await amrNow()).toEqual(userPoolDefinition.signInMethods.passkey);

    // The API takes the passkey session's token.
    const { tokens } = await fetchAuthSession();
    const accessToken = tokens?.accessToken.toString() ?? '';
    const sub = String(claimsOf(accessToken).sub);
    expect((await t.client.call('getPortfolio', { token: accessToken, params: { userId: sub } })).status).toBe(200);

    await deleteWebAuthnCredential({ credentialId: current.credentials[0]?.id ?? '' });
    expect((await listWebAuthnCredentials()).credentials).toEqual([]);
    await signOut();
    const again = signIn({
      username: 'alice@example.com',
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
    });
    expect(await failureOf(again)).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or passkey.',
    });
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('the gateway does not let a browser make the registration calls', async () => {
    for (const operation of REGISTRATION_OPERATIONS) {
      const response = await realFetch(`${t.stack.url}/cognito`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify({ AccessToken: 'x' }),
      });
      expect({ operation, status: response.status, type: response.headers.get('x-amzn-errortype') }).toEqual({
        operation,
        status: 400,
        type: 'NotAuthorizedException',
      });
    }
  });
});
