/**
 * What the hosted UI hands out and takes back once: the state of a sign-in waiting at Google, and
 * the authorization code the app redeems at the token endpoint. Kept in memory: a restart
 * forgets them, as their few minutes would.
 */

/** How long the browser has at Google, and the app to redeem its code (Cognito's codes last 5 minutes). */
export const PENDING_MS = 10 * 60_000;
export const CODE_MS = 5 * 60_000;

/** A sign-in sent to Google, by the state it carries there. */
export interface PendingSignIn {
  clientId: string;
  redirectUri: string;
  appState: string | undefined;
  codeChallenge: string | undefined;
  scopes: string[];
  /** Our own PKCE verifier and nonce with Google. */
  googleVerifier: string;
  nonce: string;
  expiresAt: number;
}

/** An authorization code given to the app, for its client, redirect URI and PKCE challenge. */
export interface IssuedCode {
  username: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  scopes: string[];
  expiresAt: number;
}

export interface OneTimeStore<T extends { expiresAt: number }> {
  put(key: string, value: T): void;
  /** One use: gone once it is read, whatever happens next; null when unknown or expired. */
  take(key: string | null): T | null;
  /** Forgets what has expired (sign-ins abandoned at Google, codes never redeemed). */
  sweep(): void;
}

export function createOneTimeStore<T extends { expiresAt: number }>(now: () => number): OneTimeStore<T> {
  const entries = new Map<string, T>();
  return {
    put: (key, value) => void entries.set(key, value),
    take(key) {
      if (!key) return null;
      const found = entries.get(key) ?? null;
      entries.delete(key);
      return found && found.expiresAt > now() ? found : null;
    },
    sweep() {
      for (const [key, entry] of entries) if (entry.expiresAt <= now()) entries.delete(key);
    },
  };
}
