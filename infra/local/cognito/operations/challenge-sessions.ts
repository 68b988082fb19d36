/**
 * Sign-in challenges waiting for their answer (PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED,
 * SOFTWARE_TOKEN_MFA), kept in memory: a restart ends them, as their 3 minutes would. Each is for
 * the app client that asked, for AUTH_SESSION_MS on the operations' clock (`env.now`, which tests
 * move), and for one answer that is let through.
 */
import { randomBytes } from 'node:crypto';
import { refusal, type Refusal } from '../errors';

/** An app client's AuthSessionValidity when not set (the product's client does not set it): 3 minutes. */
export const AUTH_SESSION_MS = 3 * 60_000;
/** How long an ended or expired session is remembered, to answer why it is refused. */
const REMEMBER_MS = 15 * 60_000;

/** A new, unguessable challenge session string (Cognito's are opaque, 20 to 2048 characters). */
export const newSessionId = () => randomBytes(64).toString('base64url');

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
  live(id: unknown, clientId: string, unknown?: Refusal): ChallengeSession<T>;
}

export function createChallengeSessions<T>(now: () => number): ChallengeSessions<T> {
  const sessions = new Map<string, ChallengeSession<T>>();
  return {
    open(id, clientId, data) {
      const t = now();
      for (const [old, s] of sessions) if (t - s.expiresAt > REMEMBER_MS) sessions.delete(old);
      sessions.set(id, { clientId, expiresAt: t + AUTH_SESSION_MS, used: false, data });
    },
    live(id, clientId, unknown = 'invalidSession') {
      const session = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!session || session.clientId !== clientId) throw refusal(unknown);
      if (now() >= session.expiresAt) throw refusal('sessionExpired');
      if (session.used) throw refusal('sessionUsed');
      return session;
    },
  };
}
