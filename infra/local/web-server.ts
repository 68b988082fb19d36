/**
 * The built SPA, served by the local gateway the way CloudFront serves it in AWS: a path
 * without a file extension is a route of the app (index.html), hashed assets are immutable,
 * index.html and config are revalidated, and the same security headers go with every answer.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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

/** What CloudFront compresses (text types), and the smallest file it compresses. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.map', '.json', '.svg', '.txt']);
const COMPRESS_FROM_BYTES = 1000;

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const codings = (acceptEncoding ?? '').split(',').map((c) => c.split(';')[0]?.trim().toLowerCase());
  return codings.includes('br') ? 'br' : codings.includes('gzip') ? 'gzip' : null;
}

/**
 * CloudFront compresses text files on the way to the browser; so does this server, so what the
 * browser (and Lighthouse) sees here weighs what it weighs in AWS. Compressed once per file version.
 */
function compressedFiles() {
  const cache = new Map<string, Buffer>();
  return (file: string, mtimeMs: number, encoding: 'br' | 'gzip'): Buffer => {
    const key = `${encoding}:${file}:${mtimeMs}`;
    let out = cache.get(key);
    if (!out) {
      const raw = readFileSync(file);
      out = encoding === 'br' ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(raw);
      cache.set(key, out);
    }
    return out;
  };
}

export function staticFiles(distDir: string) {
  const root = resolve(distDir);
  const compressed = compressedFiles();
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
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...LOCAL_SECURITY_HEADERS,
    };
    const stat = statSync(file);
    const encoding = COMPRESSIBLE.has(extname(file)) && stat.size >= COMPRESS_FROM_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
    if (encoding) {
      const body = compressed(file, stat.mtimeMs, encoding);
      res.writeHead(200, { ...headers, 'content-encoding': encoding, vary: 'accept-encoding', 'content-length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    await new Promise<void>((done, fail) => createReadStream(file).on('error', fail).on('end', () => done()).pipe(res));
    return true;
  };
}
