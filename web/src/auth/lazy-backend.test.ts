/**
 * The first screen's auth backend: Amplify's chunks (faked here) are imported only when something
 * needs them, a signed-out visitor's session is answered without them, and a stored session
 * loads the session part alone.
 */
import {
  type AmplifyLoaders,
  amplifyStateStored,
  isRedirectReturn,
  lazyAmplifyBackend,
  redirectError,
} from './lazy-backend';
import { alice, fakeAuth, testConfig } from '../test/harness';

const hubListeners = new Set<() => void>();
const failureListeners = new Set<(reason: string) => void>();
/** What Amplify's chunks hold: a backend signed in as Alice, whose listeners are kept here as Amplify's Hub keeps them. */
const amplifyBackend = () => ({
  ...fakeAuth(alice, {
    onSignedIn: (callback) => {
      hubListeners.add(callback);
      return () => hubListeners.delete(callback);
    },
  }),
  onRedirectFailed: (callback: (reason: string) => void) => {
    failureListeners.add(callback);
    return () => failureListeners.delete(callback);
  },
});
let fake = amplifyBackend();
const TOKEN = `token-of-${alice.sub}`;
const configureAmplify = jest.fn();
const chunks = {
  session: jest.fn(async () => ({ configureAmplify, amplifySession: fake })),
  signIn: jest.fn(async () => ({ amplifySignIn: fake })),
} satisfies AmplifyLoaders;
const backendFor = () => lazyAmplifyBackend(testConfig, chunks);

const PREFIX = `CognitoIdentityServiceProvider.${testConfig.userPoolClientId}.`;

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  jest.clearAllMocks();
  hubListeners.clear();
  failureListeners.clear();
  fake = amplifyBackend();
});

it("reads what Amplify keeps for this app client only, and a redirect's answer from the URL", () => {
  expect(amplifyStateStored('client')).toBe(false);
  localStorage.setItem('CognitoIdentityServiceProvider.other-client.LastAuthUser', 'x');
  expect(amplifyStateStored('client')).toBe(false);
  localStorage.setItem(`${PREFIX}LastAuthUser`, 'alice');
  expect(amplifyStateStored('client')).toBe(true);

  expect(isRedirectReturn('?code=abc&state=xyz')).toBe(true);
  expect(isRedirectReturn('?error=access_denied&state=xyz')).toBe(true);
  expect(isRedirectReturn('?code=abc')).toBe(false);
  expect(isRedirectReturn('')).toBe(false);
});

it('answers a signed-out session, and a sign-out, without loading Amplify', async () => {
  const backend = backendFor();
  expect(await backend.session()).toBeNull();
  await backend.signOut();
  const unsubscribe = backend.onSignedIn(() => undefined);
  unsubscribe();
  expect(configureAmplify).not.toHaveBeenCalled();
  expect(chunks.session).not.toHaveBeenCalled();
  expect(chunks.signIn).not.toHaveBeenCalled();
  expect(fake.session).not.toHaveBeenCalled();
});

it('loads and configures the session part alone, once, when a session may be stored', async () => {
  localStorage.setItem(`${PREFIX}alice.refreshToken`, 'r');
  const backend = backendFor();
  expect(await backend.session(true)).toMatchObject({ accessToken: TOKEN });
  expect(fake.session).toHaveBeenCalledWith(true);
  await backend.session();
  expect(configureAmplify).toHaveBeenCalledTimes(1);
  expect(configureAmplify).toHaveBeenCalledWith(testConfig);
  expect(chunks.session).toHaveBeenCalledTimes(1);
  expect(chunks.signIn).not.toHaveBeenCalled();
  await backend.signOut();
  expect(fake.signOut).toHaveBeenCalled();
  expect(chunks.signIn).not.toHaveBeenCalled();
});

it('loads the sign-in part at the end of a Google redirect, before the session, so the code is exchanged', async () => {
  window.history.replaceState(null, '', '/?code=abc&state=xyz');
  const backend = backendFor();
  await backend.session();
  expect(configureAmplify).toHaveBeenCalledTimes(1);
  expect(chunks.signIn).toHaveBeenCalledTimes(1);
  expect(chunks.signIn.mock.invocationCallOrder[0]).toBeLessThan(
    jest.mocked(fake.session).mock.invocationCallOrder[0]!,
  );
});

it('loads a chunk again after it failed to load', async () => {
  chunks.signIn.mockRejectedValueOnce(new Error('network'));
  const backend = backendFor();
  await expect(backend.signIn('alice@example.com', 'pw')).rejects.toThrow('network');
  expect(await backend.signIn('alice@example.com', 'pw')).toBe('signedIn');
  expect(chunks.signIn).toHaveBeenCalledTimes(2);
});

it('loads Amplify for a sign-in, and once prepared ahead of it', async () => {
  const backend = backendFor();
  backend.prepare();
  backend.prepare();
  expect(await backend.signIn('alice@example.com', 'pw')).toBe('signedIn');
  expect(fake.signIn).toHaveBeenCalledWith('alice@example.com', 'pw');
  expect(configureAmplify).toHaveBeenCalledTimes(1);
  expect(chunks.signIn).toHaveBeenCalledTimes(1);
  // Signed in through Amplify: the session is now read from it, with nothing yet stored by the fake.
  expect(await backend.session()).toMatchObject({ accessToken: TOKEN });
});

it('loads the sign-in part for a passkey sign-in, configured, and hands it the e-mail', async () => {
  const backend = backendFor();
  expect(await backend.signInWithPasskey('alice@example.com')).toBe('signedIn');
  expect(fake.signInWithPasskey).toHaveBeenCalledWith('alice@example.com');
  expect(configureAmplify).toHaveBeenCalledTimes(1);
  expect(chunks.signIn).toHaveBeenCalledTimes(1);
});

it('hands sign-in listeners to Amplify when it loads, and removes them', async () => {
  const backend = backendFor();
  const early = jest.fn();
  const stop = backend.onSignedIn(early);
  expect(hubListeners.size).toBe(0);
  await backend.signInWithGoogle();
  expect(hubListeners.size).toBe(1);
  for (const listener of hubListeners) listener();
  expect(early).toHaveBeenCalledTimes(1);
  const late = jest.fn();
  const stopLate = backend.onSignedIn(late);
  expect(hubListeners.size).toBe(2);
  stop();
  stopLate();
  expect(hubListeners.size).toBe(0);
});

it("hands a redirect's failure listeners to Amplify the same way: a Google sign-in cancelled at Google is heard", async () => {
  const backend = backendFor();
  const failed = jest.fn();
  const signedIn = jest.fn();
  const stopFailed = backend.onRedirectFailed?.(failed);
  const stopSignedIn = backend.onSignedIn(signedIn);
  expect(failureListeners.size).toBe(0);
  await backend.signInWithGoogle();
  expect(failureListeners.size).toBe(1);
  for (const listener of failureListeners) listener('End-User aborted interaction');
  expect(failed).toHaveBeenCalledWith('End-User aborted interaction');
  expect(signedIn).not.toHaveBeenCalled();
  stopFailed?.();
  stopSignedIn();
  expect(failureListeners.size).toBe(0);
});

it('says a Google sign-in cancelled at Google by its OAuth error, which the redirect carries and Amplify does not pass on', async () => {
  expect(redirectError('?error=access_denied&error_description=End-User+aborted+interaction&state=xyz')).toBe(
    'access_denied',
  );
  expect(redirectError('?error=access_denied')).toBeNull(); // not the answer to a redirect of ours
  expect(redirectError('?code=abc&state=xyz')).toBeNull();

  window.history.replaceState(null, '', '/?error=access_denied&error_description=Access+denied&state=xyz');
  const backend = backendFor();
  // Amplify replaces the address before it reports the failure.
  window.history.replaceState(null, '', '/');
  const failed = jest.fn();
  const stop = backend.onRedirectFailed?.(failed);
  await backend.signInWithGoogle(); // Amplify loaded: the listener is handed to it
  for (const listener of failureListeners) listener('Access denied');
  expect(failed).toHaveBeenCalledWith('access_denied');
  stop?.();
});
