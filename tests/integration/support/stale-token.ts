/** Access tokens as a thief would hold them after a while: the same session, its sign-in long ago. */
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimsOf } from './client';

/**
 * The user's access token as it would be after `ageMs` of refreshes: a refresh keeps the
 * sign-in's `auth_time`, so this is the token, signed with the stack's own key (in `dataDir`),
 * with its sign-in moved back (its other claims, its session included, unchanged and valid).
 */
export function tokenSignedInAgo(dataDir: string, token: string, ageMs: number): string {
  const claims = claimsOf(token);
  const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { kid: string };
  const now = Math.floor(Date.now() / 1000);
  const payload = { ...claims, auth_time: now - Math.ceil(ageMs / 1000), iat: now, exp: now + 600 };
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const signed = `${enc({ alg: 'RS256', typ: 'JWT', kid: header.kid })}.${enc(payload)}`;
  const pem = readFileSync(join(dataDir, 'cognito', 'jwt-signing-key.pem'), 'utf8');
  return `${signed}.${createSign('RSA-SHA256').update(signed).sign(pem).toString('base64url')}`;
}
