import { isWinAnsi, winAnsiText } from './pdf-text';

describe('text the standard fonts can write', () => {
  it('keeps WinAnsi, replaces the rest by a base letter or ?, and controls by spaces', () => {
    expect(winAnsiText('Zoë Ñúñez — 100 € “ok”')).toBe('Zoë Ñúñez — 100 € “ok”');
    expect(winAnsiText('Łukasz Żółć Dvořák')).toBe('Lukasz Zólc Dvorák');
    expect(winAnsiText('王 😀 ok')).toBe('? ? ok');
    expect(winAnsiText('a\nb\tc\u2028d')).toBe('a b c d');
    expect([...winAnsiText('ǅ ﬁ Ａ')].every(isWinAnsi)).toBe(true);
  });
});
