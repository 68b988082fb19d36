/**
 * Cognito's per-user attempt limits, kept in memory on a clock the caller gives (tests move it
 * instead of sleeping). Keys are the Cognito user name of a known user, or the name asked for
 * when no such user exists: with user-existence errors prevented, an unknown e-mail is limited
 * exactly like a known one, so a limit cannot tell the two apart. A restart forgets the counters,
 * as a fresh user pool would have none; that only ever affects this machine.
 */

/**
 * Sign-in lockout, as Cognito documents it ("User sign-in lockout" in the developer guide). One
 * count per user for wrong passwords and wrong sign-in codes alike: "after five unsuccessful
 * attempts to present an MFA code, Amazon Cognito begins the exponential-timeout lockout process"
 * of a password ("Adding MFA to a user pool"), which the same rule ends (a sign-in that succeeds
 * after the lockout, or 15 quiet minutes). A right password is not a sign-in while a code is still
 * asked for, so it resets nothing: only tokens do (signInSucceeded). Where Cognito might keep the
 * two counts apart, one count is the stricter reading, never the looser.
 */
export const SIGN_IN_FREE_FAILURES = 5;
/** After n >= 5 failures the lockout is 2^(n-5) seconds ... */
const SIGN_IN_FIRST_LOCKOUT_MS = 1_000;
/** ... up to "approximately 15 minutes". */
const SIGN_IN_MAX_LOCKOUT_MS = 15 * 60_000;
/** No sign-in attempt for 15 consecutive minutes after a lockout puts the count back to 0. */
const SIGN_IN_IDLE_RESET_MS = 15 * 60_000;

/** Wrong confirmation or reset codes tolerated in a row before LimitExceededException. */
export const CODE_FREE_FAILURES = 5;
/**
 * Cognito does not publish how long it answers LimitExceededException after too many wrong
 * codes; what users report is minutes to an hour. 15 minutes is the ceiling of its documented
 * sign-in lockout: a shorter wait here would let local tests guess codes faster than AWS allows.
 */
export const CODE_LOCKOUT_MS = 15 * 60_000;

/** Code-sending requests (ForgotPassword, ResendConfirmationCode) per user and operation. */
export const SENDS_PER_WINDOW = 5;
export const SEND_WINDOW_MS = 60 * 60_000;

interface SignInState {
  failures: number;
  lockedUntil: number;
  lastAttempt: number;
}

interface CodeState {
  failures: number;
  lockedUntil: number;
}

export function createAttemptLimits(now: () => number) {
  const signIns = new Map<string, SignInState>();
  const codes = new Map<string, CodeState>();
  const sends = new Map<string, number[]>();

  return {
    /** True while `key` is locked out; records the attempt (idle time counts from the last one). */
    signInLocked(key: string): boolean {
      const state = signIns.get(key);
      if (!state) return false;
      const t = now();
      const lockedOutBefore = state.failures >= SIGN_IN_FREE_FAILURES;
      if (lockedOutBefore && t >= state.lockedUntil && t - state.lastAttempt >= SIGN_IN_IDLE_RESET_MS) {
        signIns.delete(key);
        return false;
      }
      state.lastAttempt = t;
      return t < state.lockedUntil;
    },

    /**
     * A wrong password or sign-in code (attempts refused during a lockout are not failures:
     * Cognito does not count them).
     */
    signInFailed(key: string): void {
      const t = now();
      const state = signIns.get(key) ?? { failures: 0, lockedUntil: 0, lastAttempt: t };
      state.failures += 1;
      state.lastAttempt = t;
      if (state.failures >= SIGN_IN_FREE_FAILURES) {
        const lockout = SIGN_IN_FIRST_LOCKOUT_MS * 2 ** (state.failures - SIGN_IN_FREE_FAILURES);
        state.lockedUntil = t + Math.min(lockout, SIGN_IN_MAX_LOCKOUT_MS);
      }
      signIns.set(key, state);
    },

    /** A sign-in that ended in tokens. */
    signInSucceeded(key: string): void {
      signIns.delete(key);
    },

    /** True while `key` may not try a code; the lockout's end starts a fresh count. */
    codeLocked(key: string): boolean {
      const state = codes.get(key);
      if (!state || state.lockedUntil === 0) return false;
      if (now() < state.lockedUntil) return true;
      codes.delete(key);
      return false;
    },

    codeFailed(key: string): void {
      const state = codes.get(key) ?? { failures: 0, lockedUntil: 0 };
      state.failures += 1;
      if (state.failures >= CODE_FREE_FAILURES) state.lockedUntil = now() + CODE_LOCKOUT_MS;
      codes.set(key, state);
    },

    codeSucceeded(key: string): void {
      codes.delete(key);
    },

    /** Whether `operation` may send `key` another code now; counts it when it may. */
    sendAllowed(operation: string, key: string): boolean {
      const t = now();
      const id = `${operation}\u0000${key}`;
      const recent = (sends.get(id) ?? []).filter((at) => t - at < SEND_WINDOW_MS);
      const allowed = recent.length < SENDS_PER_WINDOW;
      if (allowed) recent.push(t);
      sends.set(id, recent);
      return allowed;
    },
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
