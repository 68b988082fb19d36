import fc from 'fast-check';
import { hasUnsafeCharacters } from './text';

describe('hasUnsafeCharacters', () => {
  it.each([
    ['nul\u0000byte'],
    ['bell\u0007'],
    ['esc\u001b[2J'],
    ['del\u007f'],
    ['c1\u0085next-line'],
    ['c1\u009b'],
    ['\u202Egnp.exe'],
    ['lre\u202a'],
    ['isolate\u2066x\u2069'],
    ['cr\rreturn'],
  ])('refuses %j in any text', (text) => {
    expect(hasUnsafeCharacters(text)).toBe(true);
    expect(hasUnsafeCharacters(text, { allowTabAndNewline: true })).toBe(true);
  });

  it('lets notes keep tab and newline, and nothing else keeps them', () => {
    expect(hasUnsafeCharacters('line one\nline two\tend', { allowTabAndNewline: true })).toBe(false);
    expect(hasUnsafeCharacters('tab\tin a name')).toBe(true);
    expect(hasUnsafeCharacters('new\nline in a reason')).toBe(true);
  });

  it('accepts ordinary text in any script, with the marks that are not overrides', () => {
    for (const text of ['Zoë Ångström', 'محمد', '王小明', 'Wire 1/2 — €100 (ref #42)', 'rlm\u200fmark', 'emoji 💰']) {
      expect(hasUnsafeCharacters(text)).toBe(false);
    }
  });

  it('finds an unsafe character wherever it stands (property)', () => {
    const unsafe = fc.constantFrom(
      '\u0000',
      '\u0001',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u009f',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
    );
    fc.assert(
      fc.property(fc.string(), unsafe, fc.string(), (before, bad, after) => {
        expect(hasUnsafeCharacters(`${before}${bad}${after}`, { allowTabAndNewline: true })).toBe(true);
      }),
    );
  });
});
