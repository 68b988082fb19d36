/**
 * Who is signed in, and the auth actions the screens use. Everything Amplify does goes through
 * the `AuthBackend` below, so tests give the provider a fake backend instead of Cognito.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { userPoolDefinition } from '../../../shared/user-pool';

export interface User {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  photoURL: string | null;
  /** From the access token's cognito:groups (the admin pages still confirm with the API). */
  isAdmin: boolean;
  /**
   * The identity provider that signs this user in ('Google'), or null for an e-mail and password
   * account. Such a user has no Cognito password, and Cognito asks no second factor of them.
   */
  signInProvider: string | null;
}

/** `totpCode`: the password was right and Cognito now wants the authenticator app's code (`confirmTotp`). */
export type SignInOutcome = 'signedIn' | 'confirmSignUp' | 'totpCode';
export type SignUpOutcome = 'confirmSignUp' | 'done';

/** A new authenticator-app secret, before it is confirmed with a code. */
export interface TotpSetup {
  /** Base32, for typing into the app. */
  secret: string;
  /** The otpauth:// URI the QR code carries. */
  uri: string;
}

/** The account page's actions, for the signed-in user. */
export interface AccountBackend {
  /** Whether the user's authenticator-app factor is enabled. */
  mfaStatus(): Promise<{ totp: boolean }>;
  /** Ends every session of the user (every device's refresh token); this device then signs out as usual. */
  signOutEverywhere(): Promise<void>;
}

export interface AuthBackend {
  /** The current session's tokens, or null when signed out. */
  session(
    forceRefresh?: boolean,
  ): Promise<{ accessToken: string; idClaims: Record<string, unknown>; accessClaims: Record<string, unknown> } | null>;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  signUp(input: { email: string; password: string; firstName: string; lastName: string }): Promise<SignUpOutcome>;
  confirmSignUp(email: string, code: string): Promise<{ signedIn: boolean }>;
  resendCode(email: string): Promise<void>;
  sendResetCode(email: string): Promise<void>;
  confirmReset(email: string, code: string, newPassword: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  /** Answers the sign-in's code step (after `signIn` said 'totpCode'); signed in when it resolves. */
  confirmTotp(code: string): Promise<void>;
  /**
   * A sign-in with a passkey of the account (Cognito's USER_AUTH flow, its WEB_AUTHN challenge):
   * the browser asks for the passkey and its user verification. Cognito takes it as both
   * factors, so it ends signed in; 'totpCode' should Cognito still want a code.
   */
  signInWithPasskey(email: string): Promise<Extract<SignInOutcome, 'signedIn' | 'totpCode'>>;
  /**
   * The account page's actions. Left out by the Amplify backend: Cognito's own
   * (auth/account-calls.ts) are part of the account page's chunk, so nothing of them loads with
   * the first screen. Tests give fakes.
   */
  account?: AccountBackend;
  /**
   * True when it is known without asking anything that nobody is signed in (nothing stored): the
   * app then starts signed out rather than loading, which is what the prerendered pages show.
   */
  knownSignedOut?(): boolean;
  /** Starts loading what the next call needs, when that is not loaded yet (auth/lazy-backend.ts). */
  prepare?(): void;
  /** Calls back when a sign-in finishes elsewhere (the Google redirect); returns an unsubscribe. */
  onSignedIn(callback: () => void): () => void;
  /**
   * Calls back when a Google redirect comes back without a sign-in: cancelled at Google, or
   * refused by Cognito; returns an unsubscribe. The reason is the redirect's OAuth error
   * (`access_denied`) when it carried one, else the words it came with.
   */
  onRedirectFailed?(callback: (reason: string) => void): () => void;
}

/**
 * The provider of a federated user: the ID token's `identities` claim, which Cognito adds for
 * users that sign in through an identity provider; failing that, the username Cognito gives them
 * (`Google_<id>`: a native user's username here is its sub, since users sign in by e-mail).
 */
function signInProviderOf(claims: Record<string, unknown>): string | null {
  const identities = claims.identities;
  if (Array.isArray(identities)) {
    for (const identity of identities) {
      const name = (identity as { providerName?: unknown } | null)?.providerName;
      if (typeof name === 'string' && name) return name;
    }
  }
  const username = claims['cognito:username'];
  return typeof username === 'string' && /^google_/i.test(username) ? 'Google' : null;
}

function groupsOf(claims: Record<string, unknown>): string[] {
  const groups = claims['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
}

export function userFromClaims(idClaims: Record<string, unknown>, accessClaims: Record<string, unknown>): User {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const firstName = str(idClaims.given_name);
  const lastName = str(idClaims.family_name);
  return {
    sub: str(accessClaims.sub) || str(idClaims.sub),
    email: str(idClaims.email),
    firstName,
    lastName,
    displayName: [firstName, lastName].filter(Boolean).join(' '),
    photoURL: str(idClaims.picture) || null,
    isAdmin: groupsOf(accessClaims).includes(userPoolDefinition.adminGroup),
    signInProvider: signInProviderOf(idClaims),
  };
}

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

/**
 * How a Google redirect came back without a sign-in: `cancelled` by the person (at Google, or by
 * leaving the redirect unfinished), or `failed` (refused by Cognito, a disabled account, a stale
 * redirect).
 */
export type RedirectFailure = 'cancelled' | 'failed';

export interface Auth {
  status: AuthStatus;
  user: User | null;
  backend: AuthBackend;
  /** A valid access token for the API, refreshed when needed; null when signed out. */
  accessToken: (forceRefresh?: boolean) => Promise<string | null>;
  /** Reads the session again (after a sign-in); `forceRefresh` fetches new tokens, for claims just changed (the names). */
  reload: (forceRefresh?: boolean) => Promise<User | null>;
  signOut: () => Promise<void>;
  /** The last Google redirect's failure, for the Google button to say (until it is pressed again). */
  redirectFailure: RedirectFailure | null;
  clearRedirectFailure: () => void;
}

const AuthContext = createContext<Auth | null>(null);

/**
 * A Google sign-in the person stopped: the OAuth error `access_denied` (Cancel at Google; the lazy
 * backend reads it off the redirect), Google's or the hosted UI's words for it when only those
 * arrive ("End-User aborted interaction"), or the redirect left unfinished (Amplify's "User
 * cancelled OAuth flow.").
 */
const CANCELLED = /cancel|abort|denied/i;

export function AuthProvider({ backend, children }: { backend: AuthBackend; children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>(() => (backend.knownSignedOut?.() ? 'signedOut' : 'loading'));
  const [user, setUser] = useState<User | null>(null);
  const [redirectFailure, setRedirectFailure] = useState<RedirectFailure | null>(null);

  const reload = useCallback(
    async (forceRefresh = false) => {
      let next: User | null;
      try {
        const session = await backend.session(forceRefresh);
        next = session ? userFromClaims(session.idClaims, session.accessClaims) : null;
      } catch {
        next = null;
      }
      setUser(next);
      setStatus(next ? 'signedIn' : 'signedOut');
      return next;
    },
    [backend],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reload sets state only after it awaits the session
    void reload();
    // The Google redirect result arrives on start-up, after Amplify has exchanged the code.
    const stopSignedIn = backend.onSignedIn(() => void reload());
    // Or it says the sign-in did not happen: the Google button says so, calmly when the person chose it.
    const stopFailed = backend.onRedirectFailed?.((reason) =>
      setRedirectFailure(CANCELLED.test(reason) ? 'cancelled' : 'failed'),
    );
    return () => {
      stopSignedIn();
      stopFailed?.();
    };
  }, [backend, reload]);

  const value = useMemo<Auth>(
    () => ({
      status,
      user,
      backend,
      reload,
      accessToken: async (forceRefresh = false) => {
        try {
          return (await backend.session(forceRefresh))?.accessToken ?? null;
        } catch {
          return null;
        }
      },
      signOut: async () => {
        await backend.signOut();
        setUser(null);
        setStatus('signedOut');
      },
      redirectFailure,
      clearRedirectFailure: () => setRedirectFailure(null),
    }),
    [status, user, backend, reload, redirectFailure],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}

/**
 * Where the next sign-in returns to, when a change asked its user to sign in again (the
 * two-factor card's "Sign in again" returns to /account). Held in this tab's memory, not in the
 * history's state: the signed-in pages send a signed-out visitor to sign-in themselves, and that
 * redirect may come before the change's own. A sign-out or an ended session asks for none, so
 * the next sign-in (perhaps another person's) starts afresh; arriving on a signed-in page clears it.
 */
let requested: string | undefined;

export function returnAfterSignIn(path: string): void {
  requested = path.startsWith('/') && !path.startsWith('//') ? path : undefined;
}

export function requestedReturn(): string | undefined {
  return requested;
}

export function clearRequestedReturn(): void {
  requested = undefined;
}
