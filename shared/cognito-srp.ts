/**
 * Cognito's Secure Remote Password sign-in (InitiateAuth USER_SRP_AUTH, then the PASSWORD_VERIFIER
 * challenge): the arithmetic both halves share, and the client's half. The API re-checks a
 * password with it (lambdas/lib/cognito/password-proof.ts), the tests and the bench sign in with it
 * (infra/local/cognito/srp-client.ts), and the local Cognito's server half
 * (infra/local/cognito/srp-server.ts) is built on the same functions, so the two halves cannot
 * drift apart; the integration test that signs in with Amplify's own `signIn` holds them both to
 * Amplify's client.
 *
 * Written here rather than taken from a package: Amplify's helper lives inside @aws-amplify/auth
 * under a path its package "exports" does not list, so neither esbuild nor Node may import it; the
 * npm packages for Cognito's SRP bring jsbn, crypto-js, `buffer` and the AWS SDK into the browser
 * (cognito-srp-helper), use Node's crypto (cognito-srp) or are one-version client-only packages,
 * and none gives the server half beside the client half. BigInt and Web Crypto, in browsers and
 * Node alike, keep it short and add nothing to download but this file.
 *
 * Cognito's variant of SRP-6a, with RFC 5054's 3072-bit group and SHA-256, as Amplify computes it:
 *   k = H(N | g), u = H(A | B), x = H(salt | H(poolName + userId + ":" + password)), v = g^x;
 *   numbers are hashed as the even-length hex of Java's BigInteger.toByteArray() (a 00 byte before
 *   a leading byte of 0x80 or more), and x's inner hash as its 64 hex digits;
 *   key = HKDF-SHA256(ikm = S, salt = u, info = "Caldera Derived Key"), 16 bytes;
 *   PASSWORD_CLAIM_SIGNATURE = base64 HMAC-SHA256(key, poolName + userId + SECRET_BLOCK's bytes + TIMESTAMP).
 * The pool's name is the part of its id after '_'; userId is the challenge's USER_ID_FOR_SRP.
 */

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

/** The group's prime (RFC 5054, 3072 bits) and generator. */
export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

/** Random exponents of 128 bytes, as Amplify's: far below N, far above any guessable range. */
const EXPONENT_BYTES = 128;
const HKDF_INFO = 'Caldera Derived Key';
const KEY_BITS = 128;

const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

/** (value mod m), never negative. */
export const mod = (value: bigint, m: bigint): bigint => ((value % m) + m) % m;

/** base^exponent mod m, by square and multiply. */
export function modPow(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n;
  let b = mod(base, m);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}

/** A non-negative number as Java's BigInteger.toByteArray() in hex: even length, 00 before a high bit. */
export function padHex(n: bigint): string {
  if (n < 0n) throw new RangeError('padHex takes no negative number');
  const hex = n.toString(16);
  const even = hex.length % 2 ? `0${hex}` : hex;
  return /^[89a-f]/.test(even) ? `00${even}` : even;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export const bytesToHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A hex string as a number, or null when it is not hex (Cognito's SRP_A, SRP_B and SALT are hex). */
export const hexToBigInt = (hex: unknown): bigint | null =>
  typeof hex === 'string' && /^[0-9a-fA-F]+$/.test(hex) ? BigInt(`0x${hex}`) : null;

export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Standard or URL-safe base64, padded or not, as Amplify reads SECRET_BLOCK; null when it is not base64. */
export function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> | null {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard) || standard.replace(/=+$/, '').length % 4 === 1) return null;
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function randomBytes(count: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(count));
}

export const randomBigInt = (bytes: number): bigint => BigInt(`0x${bytesToHex(randomBytes(bytes))}`);

/** SHA-256 of the bytes, as 64 hex digits. */
async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

/** H over numbers: the hash of their padded hex strings' bytes, concatenated, as a number. */
const hashOfHex = async (hex: string): Promise<bigint> => BigInt(`0x${await sha256Hex(hexToBytes(hex))}`);

let multiplierOnce: Promise<bigint> | undefined;
/** k = H(N | g). */
export function multiplier(): Promise<bigint> {
  multiplierOnce ??= hashOfHex(padHex(N) + padHex(g));
  return multiplierOnce;
}

/** u = H(A | B); zero would let a party skip the password, so both halves refuse it. */
export const scrambler = (A: bigint, B: bigint): Promise<bigint> => hashOfHex(padHex(A) + padHex(B));

/** x = H(salt | H(poolName + userId + ":" + password)). */
export async function privateKey(poolName: string, userId: string, password: string, salt: bigint): Promise<bigint> {
  const inner = await sha256Hex(utf8(`${poolName}${userId}:${password}`));
  return hashOfHex(padHex(salt) + inner);
}

/** The password verifier v = g^x: what a server keeps instead of the password. */
export async function verifierOf(poolName: string, userId: string, password: string, salt: bigint): Promise<bigint> {
  return modPow(g, await privateKey(poolName, userId, password, salt), N);
}

/** The key both halves derive from the shared S: HKDF-SHA256 with u as its salt, 16 bytes. */
export async function sessionKey(S: bigint, u: bigint): Promise<Uint8Array<ArrayBuffer>> {
  const ikm = await crypto.subtle.importKey('raw', hexToBytes(padHex(S)), 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: hexToBytes(padHex(u)), info: utf8(HKDF_INFO) },
    ikm,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

/** PASSWORD_CLAIM_SIGNATURE: base64 HMAC-SHA256(key, poolName + userId + secret block + timestamp). */
export async function claimSignature(
  key: Uint8Array<ArrayBuffer>,
  poolName: string,
  userId: string,
  secretBlock: Uint8Array,
  timestamp: string,
): Promise<string> {
  const parts = [utf8(poolName), utf8(userId), secretBlock, utf8(timestamp)];
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (message.set(p, at), at + p.length), 0);
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64OfBytes(new Uint8Array(await crypto.subtle.sign('HMAC', hmac, message)));
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const SRP_WEEKDAYS: readonly string[] = WEEKDAYS;
export const SRP_MONTHS: readonly string[] = MONTHS;

/** TIMESTAMP as Cognito reads it, 'EEE MMM d HH:mm:ss UTC yyyy' in English: "Tue Mar 3 09:05:07 UTC 2026". */
export function srpTimestamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
  return `${WEEKDAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()} ${time} UTC ${at.getUTCFullYear()}`;
}

/** The pool's name in the SRP hashes: its id after the '_' ("us-east-1_AbC123" -> "AbC123"). */
export const poolNameOf = (userPoolId: string): string => userPoolId.split('_')[1] ?? '';

// ---- the client's half --------------------------------------------------------------------------

/** The client's secret a and public A = g^a of one sign-in. */
export interface SrpClientSecret {
  a: bigint;
  A: bigint;
}

/** A fresh a and A; SRP_A is A in hex, as InitiateAuth takes it. */
export function srpStart(): { secret: SrpClientSecret; SRP_A: string } {
  for (;;) {
    const a = randomBigInt(EXPONENT_BYTES);
    const A = modPow(g, a, N);
    if (A !== 0n) return { secret: { a, A }, SRP_A: A.toString(16) };
  }
}

const SrpError = (message: string) => Object.assign(new Error(message), { name: 'SrpChallengeError' });

/**
 * The ChallengeResponses that answer a PASSWORD_VERIFIER challenge with `password`: the proof
 * that the client knows it, signed over the challenge's secret block and the time.
 */
export async function passwordVerifierResponses(input: {
  userPoolId: string;
  password: string;
  secret: SrpClientSecret;
  challenge: Readonly<Record<string, string | undefined>>;
  now?: Date;
}): Promise<Record<'USERNAME' | 'PASSWORD_CLAIM_SECRET_BLOCK' | 'TIMESTAMP' | 'PASSWORD_CLAIM_SIGNATURE', string>> {
  const { SALT, SRP_B, SECRET_BLOCK, USER_ID_FOR_SRP: userId } = input.challenge;
  const B = hexToBigInt(SRP_B);
  const salt = hexToBigInt(SALT);
  const secretBlock = SECRET_BLOCK === undefined ? null : bytesOfBase64(SECRET_BLOCK);
  if (B === null || salt === null || !secretBlock || !SECRET_BLOCK || !userId)
    throw SrpError('The PASSWORD_VERIFIER challenge lacks SRP_B, SALT, SECRET_BLOCK or USER_ID_FOR_SRP');
  if (mod(B, N) === 0n) throw SrpError('SRP_B mod N is 0');
  const { a, A } = input.secret;
  const u = await scrambler(A, B);
  if (u === 0n) throw SrpError('u is 0');
  const poolName = poolNameOf(input.userPoolId);
  const x = await privateKey(poolName, userId, input.password, salt);
  const S = modPow(B - (await multiplier()) * modPow(g, x, N), a + u * x, N);
  const TIMESTAMP = srpTimestamp(input.now ?? new Date());
  const signature = await claimSignature(await sessionKey(S, u), poolName, userId, secretBlock, TIMESTAMP);
  return {
    USERNAME: userId,
    PASSWORD_CLAIM_SECRET_BLOCK: SECRET_BLOCK,
    TIMESTAMP,
    PASSWORD_CLAIM_SIGNATURE: signature,
  };
}
