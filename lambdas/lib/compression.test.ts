import { gunzipSync } from 'node:zlib';
import { acceptsGzip, COMPRESS_FROM_BYTES, compressResult } from './compression';

describe('Accept-Encoding', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['x-gzip', true],
    // gzip's own entry wins over `*`, whatever the order.
    ['*, gzip;q=0', false],
    ['*;q=0, gzip', true],
    ['br, *;q=0', false],
    ['gzip;q=abc', false],
    ['gzip;q=0', false],
    ['gzip;q=0.000', false],
    ['br', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('%j admits gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('compressing an answer', () => {
  const large = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, email: `client-${i}@example.com` })));
  const answer = { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: large };

  it('gzips a large answer when the caller accepts it, and the body is the same once unzipped', () => {
    expect(large.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const out = compressResult(answer, 'gzip, deflate');
    expect(out.isBase64Encoded).toBe(true);
    expect(out.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip', vary: 'accept-encoding' });
    const body = gunzipSync(Buffer.from(out.body ?? '', 'base64')).toString('utf8');
    expect(body).toBe(large);
    expect((out.body ?? '').length).toBeLessThan(large.length / 3);
  });

  it('leaves small answers, and callers without gzip, as they are', () => {
    const small = { ...answer, body: '{"success":true}' };
    expect(compressResult(small, 'gzip')).toEqual({ ...small, headers: { ...small.headers, vary: 'accept-encoding' } });
    expect(compressResult(answer, 'br')).toEqual({ ...answer, headers: { ...answer.headers, vary: 'accept-encoding' } });
    expect(compressResult(answer, undefined).isBase64Encoded).toBeUndefined();
  });
});
