/** The hosted UI's answers: redirects with query parameters, the token endpoint's JSON, and Cognito's error page. */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export const base64url = (bytes: Buffer) => bytes.toString('base64url');
/** A PKCE S256 challenge of `verifier`. */
export const s256 = (verifier: string) => base64url(createHash('sha256').update(verifier).digest());

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/** `url` with `params` set in its query (those undefined left out). */
export function withParams(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  return target.toString();
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'cache-control': 'no-store',
    pragma: 'no-cache',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** GET /error: what Cognito shows where it cannot redirect (the error's name only, nothing else echoed). */
export function errorShown(url: URL, res: ServerResponse): void {
  const error = (url.searchParams.get('error') ?? 'invalid_request').replace(/[^\w-]/g, '');
  res.writeHead(400, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'",
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>An error was encountered with the requested page.</h1><p>${error}</p></body></html>`,
  );
}
