/**
 * The auth backend the app runs with: Amplify, in two chunks loaded only when something needs
 * them. A visitor who is signed out reads the sign-in page without either. The sign-in part
 * (auth/amplify-sign-in.ts, with the session part under it) loads when they start on the form
 * (`prepare`), submit, or click "Continue with Google", and when the page is the end of a Google
 * redirect; the session part alone (auth/amplify.ts) at start-up when what Amplify keeps in
 * storage says a session may exist, which is all a signed-in page needs. Amplify's own state
 * lives in localStorage under `CognitoIdentityServiceProvider.<app client id>.` (tokens, the
 * last user, a redirect in flight), so its absence is read without loading Amplify.
 */
import type { AppConfig } from '../config';
import type { AmplifySession } from './amplify';
import type { AmplifySignIn } from './amplify-sign-in';
import type { AuthBackend } from './session';

/** Amplify v6's storage prefix for this app client (its tokenProvider's AUTH_KEY_PREFIX). */
const storagePrefix = (clientId: string) => `CognitoIdentityServiceProvider.${clientId}.`;

/** Whether Amplify has anything stored for this app client: a session, or a redirect under way. */
export function amplifyStateStored(clientId: string, storage: Storage = window.localStorage): boolean {
  const prefix = storagePrefix(clientId);
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(prefix)) return true;
  return false;
}

/** The hosted UI's answer to a Google sign-in: a code (or an error) and the state, on our own URL. */
export function isRedirectReturn(search: string = window.location.search): boolean {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * The OAuth error a redirect came back with (`access_denied` when the person pressed Cancel at
 * Google), or null. Amplify passes on only its `error_description`, in whatever words the provider
 * chose, and clears the address before anything else could read it.
 */
export function redirectError(search: string = window.location.search): string | null {
  return isRedirectReturn(search) ? new URLSearchParams(search).get('error') : null;
}

export interface LazyBackend extends AuthBackend {
  /** Starts loading the sign-in part now (the user is about to need it); harmless to call again. */
  prepare(): void;
}

/** Amplify's two chunks (tests give fakes). */
export interface AmplifyLoaders {
  session: () => Promise<{ configureAmplify: (config: AppConfig) => void; amplifySession: AmplifySession }>;
  signIn: () => Promise<{ amplifySignIn: AmplifySignIn }>;
}

const amplifyChunks: AmplifyLoaders = { session: () => import('./amplify'), signIn: () => import('./amplify-sign-in') };

/** A loader that runs once, and again after a failure (a network blip is fetched again next time). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

export function lazyAmplifyBackend(config: AppConfig, chunks: AmplifyLoaders = amplifyChunks): LazyBackend {
  let session: AmplifySession | null = null;
  // Read at start-up, before Amplify loads and replaces the address.
  const oauthError = redirectError();
  // onSignedIn's and onRedirectFailed's listeners, attached to Amplify's when it loads (a sign-in
  // can only finish, or fail, through it).
  type Listener = {
    event: 'onSignedIn' | 'onRedirectFailed';
    callback: (reason: string) => void;
    unsubscribe?: () => void;
  };
  const listeners = new Set<Listener>();
  // A failed redirect's reason: its OAuth error when it carried one (access_denied), else Amplify's words.
  const attach = (listener: Listener, to: AmplifySession) => {
    listener.unsubscribe =
      listener.event === 'onSignedIn'
        ? to.onSignedIn(() => listener.callback(''))
        : to.onRedirectFailed((reason) => listener.callback(oauthError ?? reason));
  };
  const loadSession = once(async () => {
    const amplify = await chunks.session();
    amplify.configureAmplify(config);
    session = amplify.amplifySession;
    for (const listener of listeners) attach(listener, session);
    return session;
  });
  const listen = (event: Listener['event'], callback: (reason: string) => void) => {
    const listener: Listener = { event, callback };
    listeners.add(listener);
    if (session) attach(listener, session);
    return () => {
      listeners.delete(listener);
      listener.unsubscribe?.();
    };
  };
  // The sign-in part, on a configured Amplify.
  const loadSignInChunk = once(chunks.signIn);
  const loadSignIn = async () => (await Promise.all([loadSignInChunk(), loadSession()]))[0].amplifySignIn;
  // Nothing stored and no redirect to finish: signed out, known without Amplify.
  const sessionMayExist = () => session !== null || amplifyStateStored(config.userPoolClientId) || isRedirectReturn();

  return {
    knownSignedOut: () => !sessionMayExist(),
    prepare() {
      void loadSignIn().catch(() => undefined); // a failed load is retried (and reported) by the call that needs it
    },
    async session(forceRefresh) {
      if (!sessionMayExist()) return null;
      // The end of a Google redirect: the sign-in part exchanges the code, and the session waits for it.
      if (isRedirectReturn()) await loadSignIn();
      return (await loadSession()).session(forceRefresh);
    },
    signIn: async (email, password) => (await loadSignIn()).signIn(email, password),
    signUp: async (input) => (await loadSignIn()).signUp(input),
    confirmSignUp: async (email, code) => (await loadSignIn()).confirmSignUp(email, code),
    resendCode: async (email) => (await loadSignIn()).resendCode(email),
    sendResetCode: async (email) => (await loadSignIn()).sendResetCode(email),
    confirmReset: async (email, code, newPassword) => (await loadSignIn()).confirmReset(email, code, newPassword),
    signInWithGoogle: async () => (await loadSignIn()).signInWithGoogle(),
    signOut: async () => {
      // Nothing to end when Amplify never had a session here.
      if (!sessionMayExist()) return;
      await (await loadSession()).signOut();
    },
    confirmTotp: async (code) => (await loadSignIn()).confirmTotp(code),
    signInWithPasskey: async (email) => (await loadSignIn()).signInWithPasskey(email),
    onSignedIn: (callback) => listen('onSignedIn', callback),
    onRedirectFailed: (callback) => listen('onRedirectFailed', callback),
  };
}
