import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { staticFiles } from './web-server';

let dir: string;
let server: Server;
let base: string;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-server-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), script);
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

/** Raw bytes and headers, without fetch's own decoding. */
async function get(path: string, acceptEncoding: string) {
  const { request } = await import('node:http');
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    request(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', fail)
      .end();
  });
}

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
  expect(small.body.toString()).toContain('<title>x</title>');
});
