/**
 * The server's half of Cognito's SRP (the arithmetic is shared/cognito-srp.ts, which the clients
 * use too): a PASSWORD_VERIFIER challenge's salt, B and secret block, and the signature a client
 * that knows the password sends back. Cognito keeps a verifier made at sign-up; cognito-local keeps
 * the password itself, so each challenge makes its verifier from it with a fresh salt, which no
 * client can tell from a kept one.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  N,
  SRP_MONTHS,
  SRP_WEEKDAYS,
  claimSignature,
  g,
  hexToBigInt,
  mod,
  modPow,
  multiplier,
  randomBigInt,
  randomBytes,
  base64OfBytes,
  scrambler,
  sessionKey,
  srpTimestamp,
  verifierOf,
} from '../../../shared/cognito-srp';

/** As Amplify's a: 128 random bytes. */
const EXPONENT_BYTES = 128;
/** Cognito's salts are 16 bytes (32 hex digits). */
const SALT_BYTES = 16;
/** Opaque to clients, as Cognito's (which is larger: it carries encrypted state this one keeps in memory). */
const SECRET_BLOCK_BYTES = 64;
/** A's hex may not be longer than N's: no client sends more, and a longer one only costs CPU. */
const MAX_A_HEX = N.toString(16).length;

/** What the server keeps of one challenge, to check its answer. */
export interface ServerSrp {
  salt: bigint;
  v: bigint;
  b: bigint;
  B: bigint;
  secretBlock: string;
}

/** SRP_A as a number, or null for one Cognito refuses: not hex, too long, or A mod N = 0. */
export function clientPublicValue(srpA: unknown): bigint | null {
  if (typeof srpA !== 'string' || srpA.length > MAX_A_HEX) return null;
  const A = hexToBigInt(srpA);
  return A === null || mod(A, N) === 0n ? null : A;
}

/** A challenge for `userId` whose verifier is made from `password`: B = k*v + g^b. */
export async function serverChallenge(poolName: string, userId: string, password: string): Promise<ServerSrp> {
  const salt = randomBigInt(SALT_BYTES);
  const v = await verifierOf(poolName, userId, password, salt);
  const k = await multiplier();
  for (;;) {
    const b = randomBigInt(EXPONENT_BYTES);
    const B = mod(k * v + modPow(g, b, N), N);
    if (B !== 0n) return { salt, v, b, B, secretBlock: base64OfBytes(randomBytes(SECRET_BLOCK_BYTES)) };
  }
}

/** The ChallengeParameters' numbers as Cognito writes them: hex. */
export const challengeNumbers = (srp: ServerSrp) => ({ SALT: srp.salt.toString(16), SRP_B: srp.B.toString(16) });

/** Whether `signature` is the one a client that knows the password makes over this challenge and `timestamp`. */
export async function signatureMatches(
  srp: ServerSrp,
  A: bigint,
  claim: { poolName: string; userId: string; secretBlock: Uint8Array; timestamp: string; signature: string },
): Promise<boolean> {
  const u = await scrambler(A, srp.B);
  if (u === 0n) return false;
  const S = modPow(A * modPow(srp.v, u, N), srp.b, N);
  const expected = Buffer.from(
    await claimSignature(await sessionKey(S, u), claim.poolName, claim.userId, claim.secretBlock, claim.timestamp),
  );
  const given = Buffer.from(claim.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const TIMESTAMP = /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) (\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2}) UTC (\d{4})$/;

/**
 * TIMESTAMP as Cognito reads it: parsed as 'EEE MMM d HH:mm:ss z yyyy' (null when it cannot be,
 * which Cognito refuses as a bad parameter), then written again in that form, and the signature
 * is checked over what is written again. So a day written "05" or a weekday that is not the
 * date's parses, and then fails the signature, as measured against Cognito.
 */
export function canonicalTimestamp(text: unknown): string | null {
  const match = typeof text === 'string' ? TIMESTAMP.exec(text) : null;
  if (!match) return null;
  const [, weekday = '', month = '', day, hours, minutes, seconds, year] = match;
  const monthIndex = SRP_MONTHS.indexOf(month);
  if (!SRP_WEEKDAYS.includes(weekday) || monthIndex < 0) return null;
  const [d, h, m, s] = [day, hours, minutes, seconds].map(Number) as [number, number, number, number];
  if (d < 1 || d > 31 || h > 23 || m > 59 || s > 59) return null;
  return srpTimestamp(new Date(Date.UTC(Number(year), monthIndex, d, h, m, s)));
}
