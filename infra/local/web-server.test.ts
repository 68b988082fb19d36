import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { CLOUDFRONT_CODINGS, CLOUDFRONT_COMPRESS_BYTES, preferredEncoding } from '../../lambdas/lib/http/compression';
import { parseSiteConfig } from '../../shared/site-config';
import {
  isSpaRoute,
  LOCAL_SITE_ORIGINS,
  PRERENDERED_PAGES,
  securityHeaders,
  SPA_INDEX,
  SPA_ROUTE_EXAMPLES,
  spaDocument,
} from '../../shared/site/site-rules';
import { LOCAL_FUNDING_INSTRUCTIONS } from './funding-instructions';
import { DEMO_FIRM } from '../aws/demo-firm';
import { createGateway } from './gateway';
import { Mailbox } from './mailbox';
import { LOCAL_SECURITY_HEADERS, staticFiles } from './web-server';

let dir: string;
let server: Server;
let base: string;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};\n`;
/** The documents: the shell, and each prerendered page's own (distinct, so the test tells them apart). */
const documents: Record<string, string> = Object.fromEntries(
  [SPA_INDEX, ...Object.values(PRERENDERED_PAGES)].map((file) => [file, `<!doctype html><title>${file}</title>`]),
);
/** The other built files: path, content. */
const files: Record<string, string> = {
  '/assets/app.js': script,
  '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '/at-threshold.txt': 'a'.repeat(CLOUDFRONT_COMPRESS_BYTES.from),
  '/under-threshold.txt': 'a'.repeat(CLOUDFRONT_COMPRESS_BYTES.from - 1),
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-server-'));
  mkdirSync(join(dir, 'assets'));
  for (const [file, html] of Object.entries(documents)) writeFileSync(join(dir, file), html);
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  const serve = staticFiles(dir);
  server = createServer((req, res) => {
    void serve(req, res).then((served) => {
      if (!served) res.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

/** Raw status, bytes and headers, without fetch's own decoding. */
async function get(path: string, acceptEncoding: string, url = base, method = 'GET') {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (done, fail) => {
      request(`${url}${path}`, { method, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', fail)
        .end();
    },
  );
}

/** What is not a security header: the answer's own content and transport headers. */
const NOT_SECURITY = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const securityPart = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_SECURITY.has(name)));

it('compresses text files as CloudFront does: brotli first, then gzip, else plain', async () => {
  const br = await get('/assets/app.js', 'gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(br.body).toString()).toBe(script);
  expect(br.body.length).toBeLessThan(script.length / 2);

  const gz = await get('/assets/app.js', 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).toString()).toBe(script);

  const plain = await get('/assets/app.js', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(script);
});

it('leaves files under 1,000 bytes as they are', async () => {
  const small = await get('/some/route', 'br');
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body.toString()).toBe(documents[SPA_INDEX]);
});

it("compresses from CloudFront's threshold, shared with lambdas/lib/http/compression.ts", async () => {
  expect(CLOUDFRONT_COMPRESS_BYTES.from).toBe(1000);
  expect((await get('/at-threshold.txt', 'gzip')).headers['content-encoding']).toBe('gzip');
  expect((await get('/under-threshold.txt', 'gzip')).headers['content-encoding']).toBeUndefined();
});

it('reads Accept-Encoding by the shared rules (q=0 refuses, * admits)', async () => {
  const table: [string, 'br' | 'gzip' | null][] = [
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['', null],
  ];
  for (const [header, expected] of table) {
    expect({ header, shared: preferredEncoding(header, CLOUDFRONT_CODINGS) }).toEqual({ header, shared: expected });
    const res = await get('/assets/app.js', header);
    expect({ header, served: res.headers['content-encoding'] ?? null }).toEqual({ header, served: expected });
  }
});

it('answers the routes of the SPA with their document by the shared rule, and other paths with their file', async () => {
  // What CloudFront gives: a route's document (a prerendered page's, else the shell), else the file at the path (S3 has no other), else an error.
  const expected = (path: string) => {
    const body = isSpaRoute(path) ? documents[spaDocument(path)] : (documents[path] ?? files[path]);
    return body === undefined ? { status: 404, body: '' } : { status: 200, body };
  };
  for (const [path, isRoute] of SPA_ROUTE_EXAMPLES) {
    expect({ path, shared: isSpaRoute(path) }).toEqual({ path, shared: isRoute });
    const res = await get(path, 'identity');
    expect({ path, status: res.status, body: res.body.toString() }).toEqual({ path, ...expected(path) });
  }
  const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{0,8}$/);
  await fc.assert(
    fc.asyncProperty(fc.array(segment, { maxLength: 4 }), async (segments) => {
      const path = `/${segments.join('/')}`;
      if (segments.some((s) => s === '.' || s === '..')) return; // browsers resolve dot segments before sending
      const res = await get(path, 'identity');
      expect({ path, status: res.status, body: res.body.toString() }).toEqual({ path, ...expected(path) });
    }),
    { numRuns: 60 },
  );
});

it('sends exactly the shared security headers for local on every answer of the web server', async () => {
  expect(LOCAL_SECURITY_HEADERS).toEqual(securityHeaders(LOCAL_SITE_ORIGINS));
  const answers = [
    await get('/', 'br'),
    await get('/dashboard', 'identity'),
    await get('/assets/app.js', 'br'),
    await get('/assets/app.js', 'identity'),
    await get('/favicon.svg', 'gzip', base, 'HEAD'),
  ];
  for (const res of answers) expect(securityPart(res.headers)).toEqual(securityHeaders(LOCAL_SITE_ORIGINS));
});

describe('the gateway', () => {
  let dataDir: string;
  let gateway: ReturnType<typeof createGateway>;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gateway-'));
    gateway = createGateway({
      port: 0,
      cognito: {
        endpoint: 'http://127.0.0.1:1',
        region: 'us-east-1',
        userPoolId: 'us-east-1_local',
        clientId: 'local-client',
        issuer: 'http://127.0.0.1:1/us-east-1_local',
        jwksUri: 'http://127.0.0.1:1/jwks.json',
      },
      handlers: new Map(),
      mailbox: new Mailbox(dataDir),
      runWeeklyGrowth: () => Promise.resolve({}),
      originSecret: 'secret',
      staticFiles: staticFiles(dir),
    });
    url = `http://127.0.0.1:${await gateway.listen()}`;
  });

  afterAll(async () => {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes /config.json in the shared shape (shared/site-config.ts), exactly, as the web parses it', async () => {
    const written = JSON.parse((await get('/config.json', 'identity', url)).body.toString()) as unknown;
    expect(parseSiteConfig(written)).toEqual(written);
    expect(written).toEqual({
      region: 'us-east-1',
      userPoolId: 'us-east-1_local',
      userPoolClientId: 'local-client',
      userPoolEndpoint: `${url}/cognito`,
      oauthDomain: null,
      googleSignIn: false,
      firm: { ...DEMO_FIRM },
    });
    // Demo data, said to be: no real bank's details in a local stack, and a firm marked as a demo on every page.
    expect(LOCAL_FUNDING_INSTRUCTIONS.join('\n')).toMatch(/demo/i);
    expect(DEMO_FIRM.demoNotice).toMatch(/^Demo firm/);
  });

  it('sends exactly the shared security headers for local on every kind of answer', async () => {
    const answers = [
      await get('/config.json', 'identity', url),
      await get('/api/nothing-here', 'identity', url),
      await get('/__local/mailbox', 'identity', url),
      await get('/dashboard', 'br', url),
      await get('/missing.txt', 'identity', url),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 400, 200, 404]);
    for (const res of answers) expect(securityPart(res.headers)).toEqual(securityHeaders(LOCAL_SITE_ORIGINS));
  });
});
