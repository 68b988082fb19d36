import { gunzipSync } from 'node:zlib';
import {
  acceptsGzip,
  API_CODINGS,
  CLOUDFRONT_CODINGS,
  cloudFrontCompressesSize,
  COMPRESS_FROM_BYTES,
  compressResult,
  encodingQ,
  preferredEncoding,
} from './compression';

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

describe('choosing a coding (the API offers gzip; CloudFront and the local web server brotli, then gzip)', () => {
  it('offers what each server offers', () => {
    expect(API_CODINGS).toEqual(['gzip']);
    expect(CLOUDFRONT_CODINGS).toEqual(['br', 'gzip']);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.1, gzip', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['*;q=0', null],
    ['deflate, identity', null],
    [undefined, null],
  ] as const)('%j: %s for the SPA', (header, expected) => {
    expect(preferredEncoding(header, CLOUDFRONT_CODINGS)).toBe(expected);
    // The API's choice is the same reading of the header, among its own codings.
    expect(preferredEncoding(header, API_CODINGS)).toBe(acceptsGzip(header) ? 'gzip' : null);
  });

  it('reads q values', () => {
    expect(encodingQ('br;q=0.5, gzip', 'br')).toBe(0.5);
    expect(encodingQ('BR;Q=0.25', 'br')).toBe(0.25);
    expect(encodingQ('*;q=0.3', 'gzip')).toBe(0.3);
    expect(encodingQ('gzip', 'br')).toBe(0);
  });

  it("compresses the SPA's files of 1,000 to 10,000,000 bytes, as CloudFront does", () => {
    expect([999, 1000, 10_000_000, 10_000_001].map(cloudFrontCompressesSize)).toEqual([false, true, true, false]);
  });
});

describe('compressing an answer', () => {
  const large = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, email: `client-${i}@example.com` })));
  const answer = { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: large };

  it('gzips a large answer when the caller accepts it, and the body is the same once unzipped', () => {
    expect(large.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const out = compressResult(answer, 'gzip, deflate');
    expect(out.isBase64Encoded).toBe(true);
    expect(out.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'gzip',
      vary: 'accept-encoding',
    });
    const body = gunzipSync(Buffer.from(out.body ?? '', 'base64')).toString('utf8');
    expect(body).toBe(large);
    expect((out.body ?? '').length).toBeLessThan(large.length / 3);
  });

  it('leaves small answers, and callers without gzip, as they are', () => {
    const small = { ...answer, body: '{"success":true}' };
    expect(compressResult(small, 'gzip')).toEqual({ ...small, headers: { ...small.headers, vary: 'accept-encoding' } });
    expect(compressResult(answer, 'br')).toEqual({
      ...answer,
      headers: { ...answer.headers, vary: 'accept-encoding' },
    });
    expect(compressResult(answer, undefined).isBase64Encoded).toBeUndefined();
  });
});
