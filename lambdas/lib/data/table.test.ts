import fc from 'fast-check';
import { keys, keyTextBefore } from './table';

describe('keyTextBefore', () => {
  it('orders key text as DynamoDB does, by UTF-8 bytes, surrogate pairs included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(keyTextBefore(a, b)).toBe(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')) < 0);
      }),
      { numRuns: 2000 },
    );
    // Where UTF-16 order and byte order disagree: U+FFFD (3 bytes) comes before U+1F600 (4 bytes).
    expect('\u{1F600}' < '\uFFFD').toBe(true);
    expect(keyTextBefore('\u{1F600}', '\uFFFD')).toBe(false);
  });
});

describe('the balance order key', () => {
  it('sorts balances numerically as text, and refuses what is not whole non-negative cents', () => {
    const k = (cents: number) => keys.balanceOrder('s', cents).GSI5SK;
    expect([k(100), k(9), k(1_000_000), k(0)].sort()).toEqual([k(0), k(9), k(100), k(1_000_000)]);
    expect(k(Number.MAX_SAFE_INTEGER)).toBe(`${Number.MAX_SAFE_INTEGER}#s`);
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 60]) expect(() => k(bad)).toThrow(RangeError);
  });
});
