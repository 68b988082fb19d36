/**
 * The auth backend the app runs with: Amplify (auth/amplify.ts), loaded only when something
 * needs it. A visitor who is signed out reads the sign-in page without it; it loads when they
 * start on the form (`prepare`), submit, or click "Continue with Google", and at start-up when
 * what Amplify keeps in storage says a session may exist, or the page is the end of a Google
 * redirect. Amplify's own state lives in localStorage under `CognitoIdentityServiceProvider.
 * <app client id>.` (tokens, the last user, a redirect in flight), so its absence is read
 * without loading Amplify.
 */
import type { AppConfig } from '../config';
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

export interface LazyBackend extends AuthBackend {
  /** Starts loading Amplify now (the user is about to need it); harmless to call again. */
  prepare(): void;
}

export function lazyAmplifyBackend(config: AppConfig): LazyBackend {
  let loading: Promise<AuthBackend> | null = null;
  let loaded: AuthBackend | null = null;
  // onSignedIn's listeners, attached to Amplify's when it loads (a sign-in can only finish through it).
  const listeners = new Set<{ callback: () => void; unsubscribe?: () => void }>();
  const load = () =>
    (loading ??= import('./amplify').then(
      (amplify) => {
        amplify.configureAmplify(config);
        const backend = amplify.amplifyBackend;
        loaded = backend;
        for (const listener of listeners) listener.unsubscribe = backend.onSignedIn(listener.callback);
        return backend;
      },
      (error: unknown) => {
        loading = null; // a chunk that failed to load (a network blip) is fetched again next time
        throw error;
      },
    ));
  // Nothing stored and no redirect to finish: signed out, known without Amplify.
  const sessionMayExist = () => loaded !== null || amplifyStateStored(config.userPoolClientId) || isRedirectReturn();

  return {
    knownSignedOut: () => !sessionMayExist(),
    prepare() {
      void load().catch(() => undefined); // a failed load is retried (and reported) by the call that needs it
    },
    async session(forceRefresh) {
      if (!sessionMayExist()) return null;
      return (await load()).session(forceRefresh);
    },
    signIn: async (email, password) => (await load()).signIn(email, password),
    signUp: async (input) => (await load()).signUp(input),
    confirmSignUp: async (email, code) => (await load()).confirmSignUp(email, code),
    resendCode: async (email) => (await load()).resendCode(email),
    sendResetCode: async (email) => (await load()).sendResetCode(email),
    confirmReset: async (email, code, newPassword) => (await load()).confirmReset(email, code, newPassword),
    signInWithGoogle: async () => (await load()).signInWithGoogle(),
    signOut: async () => {
      // Nothing to end when Amplify never had a session here.
      if (!sessionMayExist()) return;
      await (await load()).signOut();
    },
    confirmTotp: async (code) => (await load()).confirmTotp(code),
    onSignedIn(callback) {
      const listener: { callback: () => void; unsubscribe?: () => void } = { callback };
      listeners.add(listener);
      if (loaded) listener.unsubscribe = loaded.onSignedIn(callback);
      return () => {
        listeners.delete(listener);
        listener.unsubscribe?.();
      };
    },
  };
}
