/**
 * How the session a token belongs to signed in, from its `amr` claim (authentication methods
 * references; shared/user-pool.ts `signInMethods` names the words per way of signing in). Read
 * here and nowhere else, so the exact word Cognito gives a key ("hwk", "swk", ...) decides
 * nothing: a passkey sign-in is the one multi-factor sign-in without a password (the passkey
 * with user verification is both factors). A refresh keeps the sign-in's `amr`, as it keeps
 * `auth_time`; Google's hosted-UI tokens carry none.
 */

export type SignInMethod = 'passkey' | 'passwordAndCode' | 'password' | 'unknown';

/**
 * A list claim (`amr`, `cognito:groups`) as its words: a JSON array from a decoded token, or the
 * string "[hwk user mfa]" HTTP API flattens an array claim into; undefined when it is neither.
 */
export function listClaim(claim: unknown): string[] | undefined {
  if (Array.isArray(claim)) return claim.filter((w): w is string => typeof w === 'string');
  if (typeof claim !== 'string') return undefined;
  const inner = claim.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(/[\s,]+/)
    .map((w) => w.replace(/^"|"$/g, ''))
    .filter((w) => w.length > 0);
}

/** The way of signing in an `amr` claim says: 'passkey' iff it has `mfa` and no `pwd`; 'unknown' for none or other words. */
export function signInMethodOf(claim: unknown): SignInMethod {
  const words = listClaim(claim);
  if (words === undefined || words.length === 0) return 'unknown';
  const has = (word: string) => words.includes(word);
  if (has('mfa')) return has('pwd') ? 'passwordAndCode' : 'passkey';
  return has('pwd') ? 'password' : 'unknown';
}
