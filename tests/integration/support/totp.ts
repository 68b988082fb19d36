/**
 * An authenticator app's codes, for the tests (integration, local Cognito, end to end): the code
 * at a moment, a code the pool has not taken yet, and a code that is none of the valid ones.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { eventually } from './eventually';

/** Cognito's TOTP step: a code changes every 30 seconds. */
const TOTP_STEP_MS = 30_000;

/** The code an authenticator app holding `secret` (base32) shows at `at` (ms; now by default). */
export function totpCode(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

/** Per secret, the last 30-second step whose code a test has sent (for every Client of the file). */
const sentSteps = new Map<string, number>();

/**
 * The steps sent so far, where the pool keeps its memory of them: in the memory of the file, or,
 * for a stack several files share, in a file in its data folder (`ledgerDir`), so a file does not
 * send a step an earlier file of the same stack has spent. Files on one stack run one at a time.
 */
function stepLedger(ledgerDir: string | undefined): {
  last(secret: string): number;
  sent(secret: string, step: number): void;
} {
  const path = ledgerDir === undefined ? undefined : join(ledgerDir, 'test-totp-steps.json');
  const read = (): Record<string, number> =>
    path && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, number>) : {};
  return {
    last: (secret) => Math.max(sentSteps.get(secret) ?? -Infinity, read()[secret] ?? -Infinity),
    sent(secret, step) {
      sentSteps.set(secret, step);
      if (path) writeFileSync(path, JSON.stringify({ ...read(), [secret]: step }));
    },
  };
}

/**
 * A code of `secret` the pool has not taken yet. Cognito takes each step's code once, and the
 * next step's code too (clock drift): so two codes each 30 seconds, and a third waits for the
 * next step. Use it only for a code the pool will check (it counts as spent). `ledgerDir`: the
 * data folder of a stack other files use too (a seeded user's secret is the same on every stack).
 *
 * The wait is for real time: the pool checks codes against its own clock, which a test cannot move
 * without a clock the product does not have; it is a wait until the next step, never longer.
 */
export async function freshTotpCode(secret: string, ledgerDir?: string): Promise<string> {
  const ledger = stepLedger(ledgerDir);
  const current = () => Math.floor(Date.now() / TOTP_STEP_MS);
  const step = Math.max(current(), ledger.last(secret) + 1);
  ledger.sent(secret, step);
  await eventually(
    async () => {
      if (step > current() + 1) throw new Error(`step ${step} is not due yet`);
    },
    2 * TOTP_STEP_MS,
    250,
  );
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
