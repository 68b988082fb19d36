/**
 * The built SPA, served by the local gateway the way CloudFront serves it in AWS: a path
 * without a file extension is a route of the app (index.html), hashed assets are immutable,
 * index.html and config are revalidated, and the same security headers go with every answer.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const LOCAL_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://*.googleusercontent.com; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export function staticFiles(distDir: string) {
  const root = resolve(distDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return false;
    }
    const isRoute = extname(pathname) === '';
    const file = isRoute ? join(root, 'index.html') : join(root, normalize(pathname));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      if (isRoute) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The web app is not built yet: run npm run build (npm start builds it for you).');
        return true;
      }
      return false;
    }
    const immutable = pathname.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...LOCAL_SECURITY_HEADERS,
    });
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    await new Promise<void>((done, fail) => createReadStream(file).on('error', fail).on('end', () => done()).pipe(res));
    return true;
  };
}
