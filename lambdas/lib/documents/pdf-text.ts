/**
 * Text as the PDFs can write it. The documents use the standard fonts (Helvetica), which every
 * reader has and which embed nothing, but which only encode WinAnsi (Windows-1252): a name or
 * note with any other character would make pdf-lib throw. Such a character is replaced instead of
 * embedding a font (the documents stay small and alike on every reader): a letter outside WinAnsi
 * by its base letter ("ő" reads "o", "Ł" reads "L"), anything else by "?". Line breaks, tabs and other controls become spaces, so a
 * note can never break the layout.
 */

/** The characters of Windows-1252 above Latin-1's C1 range gap (0x80-0x9F), as Unicode. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Whether the standard fonts can write `ch` (one code point). */
export function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(ch);
}

/** Letters that decompose to nothing simpler but have a plain neighbour. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  ſ: 's',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
};

function replacementOf(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return ' ';
  const known = LOOK_ALIKES[ch];
  if (known !== undefined) return known;
  const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return base !== '' && [...base].every(isWinAnsi) ? base : '?';
}

/** `text` with every character the standard fonts cannot write replaced (see above). */
export function winAnsiText(text: string): string {
  let out = '';
  for (const ch of text) out += isWinAnsi(ch) ? ch : replacementOf(ch);
  return out;
}
