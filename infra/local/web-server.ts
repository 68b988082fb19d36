/**
 * The built SPA, served by the local gateway the way CloudFront serves it in AWS, by the same
 * rules (shared/site/site-rules.ts, lambdas/lib/http/compression.ts): a route of the app gets its document,
 * hashed assets are immutable, index.html and config are revalidated, text files are compressed
 * as CloudFront compresses them, and the same security headers go with every answer.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  CLOUDFRONT_CODINGS,
  cloudFrontCompressesSize,
  type ContentCoding,
  preferredEncoding,
} from '../../lambdas/lib/http/compression';
import {
  HASHED_ASSETS_DIR,
  IMMUTABLE_CACHE_CONTROL,
  isSpaRoute,
  LOCAL_SITE_ORIGINS,
  localSiteOrigins,
  REVALIDATE_CACHE_CONTROL,
  securityHeaders,
  spaDocument,
} from '../../shared/site/site-rules';

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

/** The site's security headers with the local origins (and the local hosted UI's, when it runs): every answer of the gateway carries them. */
export function localSecurityHeaders(hostedUiOrigin?: string): Readonly<Record<string, string>> {
  return securityHeaders(localSiteOrigins(hostedUiOrigin));
}

export const LOCAL_SECURITY_HEADERS: Readonly<Record<string, string>> = securityHeaders(LOCAL_SITE_ORIGINS);

/** The file types CloudFront compresses (text types); the sizes and codings are the shared rules. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.map', '.json', '.svg', '.txt']);

/**
 * CloudFront compresses text files on the way to the browser; so does this server, so what the
 * browser (and Lighthouse) sees here weighs what it weighs in AWS. Compressed once per file version.
 */
function compressedFiles() {
  const cache = new Map<string, Buffer>();
  return (file: string, mtimeMs: number, encoding: ContentCoding): Buffer => {
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

export function staticFiles(
  distDir: string,
  securityHeaders: Readonly<Record<string, string>> = LOCAL_SECURITY_HEADERS,
) {
  const root = resolve(distDir);
  const compressed = compressedFiles();
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // The path as sent (`//x` is a path here, not a host), as CloudFront's function sees the URI.
    const target = req.url ?? '/';
    const url = target.startsWith('/') ? new URL(`http://localhost${target}`) : new URL(target, 'http://localhost');
    const isRoute = isSpaRoute(url.pathname);
    let pathname: string;
    try {
      pathname = isRoute ? spaDocument(url.pathname) : decodeURIComponent(url.pathname);
    } catch {
      return false;
    }
    const file = join(root, normalize(pathname));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      if (isRoute) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The web app is not built yet: run npm run build (npm start builds it for you).');
        return true;
      }
      return false;
    }
    const immutable = pathname.startsWith(`/${HASHED_ASSETS_DIR}/`);
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
      ...securityHeaders,
    };
    const stat = statSync(file);
    const encoding =
      COMPRESSIBLE.has(extname(file)) && cloudFrontCompressesSize(stat.size)
        ? preferredEncoding(req.headers['accept-encoding'], CLOUDFRONT_CODINGS)
        : null;
    if (encoding) {
      const body = compressed(file, stat.mtimeMs, encoding);
      res.writeHead(200, {
        ...headers,
        'content-encoding': encoding,
        vary: 'accept-encoding',
        'content-length': String(body.length),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    await new Promise<void>((done, fail) =>
      createReadStream(file)
        .on('error', fail)
        .on('end', () => done())
        .pipe(res),
    );
    return true;
  };
}
