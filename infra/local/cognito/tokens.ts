/**
 * Token signing for the local Cognito: an RS256 key pair kept in the data folder (so tokens stay
 * valid across restarts), JWT signing/verification with node:crypto, and the JWKS document.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Not `.json`: cognito-local treats every `*.json` file in the data folder as a user pool. */
export const KEY_FILE = 'jwt-signing-key.pem';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: Record<string, unknown>;
}

export function loadOrCreateSigningKey(dataDir: string): SigningKey {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, KEY_FILE);
  let pem: string;
  if (existsSync(file)) {
    pem = readFileSync(file, 'utf8');
  } else {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeFileSync(file, pem, { mode: 0o600 });
  }
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const kid = createHash('sha256').update(der).digest('base64url').slice(0, 43);
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicKey, jwk };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signJwt(key: SigningKey, payload: Record<string, unknown>): string {
  const head = `${b64({ kid: key.kid, alg: 'RS256' })}.${b64(payload)}`;
  const signature = sign('RSA-SHA256', Buffer.from(head), key.privateKey).toString('base64url');
  return `${head}.${signature}`;
}

export function decodeJwt(token: unknown): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type VerifyResult =
  { ok: true; payload: Record<string, unknown> } | { ok: false; reason: 'invalid' | 'expired' };

/** Signature, issuer and expiry; the caller checks token_use and the rest. */
export function verifyJwt(
  key: SigningKey,
  token: unknown,
  issuer: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): VerifyResult {
  if (typeof token !== 'string') return { ok: false, reason: 'invalid' };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [h, p, s] = parts as [string, string, string];
  let valid: boolean;
  try {
    valid = verify('RSA-SHA256', Buffer.from(`${h}.${p}`), key.publicKey, Buffer.from(s, 'base64url'));
  } catch {
    valid = false;
  }
  const payload = valid ? decodeJwt(token) : null;
  if (!payload || payload.iss !== issuer) return { ok: false, reason: 'invalid' };
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}

export const newJti = () => randomUUID();
