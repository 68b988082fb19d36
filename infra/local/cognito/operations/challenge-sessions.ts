/**
 * Sign-in challenges waiting for their answer (PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED), kept in
 * memory as the two-factor challenge's are (two-factor.ts): a restart ends them, as their 3
 * minutes would. Each is for the app client that asked, for AUTH_SESSION_MS on the operations'
 * clock (`env.now`, which tests move), and for one answer that is let through.
 */
import type { CognitoError } from '../cognito-local-internals';
import { invalidSession, sessionExpired, sessionUsed } from '../errors';
import { AUTH_SESSION_MS, REMEMBER_MS } from './two-factor';

export interface ChallengeSession<T> {
  clientId: string;
  expiresAt: number;
  used: boolean;
  data: T;
}

export interface ChallengeSessions<T> {
  open(id: string, clientId: string, data: T): void;
  /**
   * The challenge `id` names for this client, if it may still be answered; else Cognito's refusal
   * (`unknown` for one it never gave this client).
   */
  live(id: unknown, clientId: string, unknown?: () => CognitoError): ChallengeSession<T>;
}

export function createChallengeSessions<T>(now: () => number): ChallengeSessions<T> {
  const sessions = new Map<string, ChallengeSession<T>>();
  return {
    open(id, clientId, data) {
      const t = now();
      for (const [old, s] of sessions) if (t - s.expiresAt > REMEMBER_MS) sessions.delete(old);
      sessions.set(id, { clientId, expiresAt: t + AUTH_SESSION_MS, used: false, data });
    },
    live(id, clientId, unknown = invalidSession) {
      const session = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!session || session.clientId !== clientId) throw unknown();
      if (now() >= session.expiresAt) throw sessionExpired();
      if (session.used) throw sessionUsed();
      return session;
    },
  };
}
