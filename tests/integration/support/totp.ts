/**
 * An authenticator app's codes, for the tests (integration, local Cognito, end to end): the code
 * at a moment, a code the pool has not taken yet, and a code that is none of the valid ones.
 */
import { Secret, TOTP } from 'otpauth';

/** Cognito's TOTP step: a code changes every 30 seconds. */
const TOTP_STEP_MS = 30_000;

/** The code an authenticator app holding `secret` (base32) shows at `at` (ms; now by default). */
export function totpCode(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

/** Per secret, the last 30-second step whose code a test has sent (for every Client of the file). */
const sentSteps = new Map<string, number>();

/**
 * A code of `secret` the pool has not taken yet. Cognito takes each step's code once, and the
 * next step's code too (clock drift): so two codes each 30 seconds, and a third waits for the
 * next step. Use it only for a code the pool will check (it counts as spent).
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const current = () => Math.floor(Date.now() / TOTP_STEP_MS);
  const step = Math.max(current(), (sentSteps.get(secret) ?? -Infinity) + 1);
  sentSteps.set(secret, step);
  while (step > current() + 1) await new Promise((r) => setTimeout(r, 250));
  return totpCode(secret, step * TOTP_STEP_MS + 1_000);
}

/** A 6-digit code that is none of `secret`'s codes within two steps (a minute) either side of now. */
export function wrongTotpCode(secret: string): string {
  const now = Date.now();
  const valid = new Set([-2, -1, 0, 1, 2].map((d) => totpCode(secret, now + d * TOTP_STEP_MS)));
  for (let n = 0; ; n += 111_111) {
    const candidate = String(n % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
