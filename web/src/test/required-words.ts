/**
 * The product's required words as docs/product.md lists them ("Required words"): each screen's
 * texts by the state that shows them, the error titles with their messages, and the texts worded
 * otherwise on purpose. Read by the web test and the browser journey alike, so the document is
 * the one list both hold the screens to.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const PRODUCT_DOC = resolve(__dirname, '../../../docs/product.md');

/** A text a screen shows in a state (`when`, the document's words for it). */
export interface RequiredText {
  screen: string;
  when: string;
  text: string;
}

/** A failure's title and message, on the screen that shows them, and what provokes it. */
export interface RequiredError {
  screen: string;
  title: string;
  message: string;
  provokedBy: string;
}

export interface Departure {
  screen: string;
  asked: string[];
  instead: string;
  why: string;
}

export interface RequiredWords {
  /** The screens in the document's order: their route (`*` for any other path) and name. */
  screens: { path: string; name: string }[];
  texts: RequiredText[];
  errors: RequiredError[];
  departures: Departure[];
}

const SECTION = /^## Required words\s*$/m;

/** The section's text, up to the next section of the same level; empty when the document has none. */
export function requiredWordsSection(doc: string): string {
  const start = doc.search(SECTION);
  if (start < 0) return '';
  const rest = doc.slice(start).replace(SECTION, '');
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The backticked texts of a table cell, in order. */
const backticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

/** A table's body rows as cells (the header row and its rule left out). */
function tableRows(block: string): string[][] {
  const lines = block.split('\n').filter((l) => l.trim().startsWith('|'));
  return lines.slice(2).map((l) =>
    l
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim()),
  );
}

/** The section's sub-sections: heading line and body. */
function subsections(section: string): { heading: string; body: string }[] {
  return section
    .split(/^### /m)
    .slice(1)
    .map((part) => {
      const newline = part.indexOf('\n');
      return { heading: part.slice(0, newline).trim(), body: part.slice(newline + 1) };
    });
}

const one = (cell: string | undefined, what: string, row: string[]): string => {
  const found = backticked(cell ?? '');
  if (found.length !== 1)
    throw new Error(`"Required words": ${what} must be one backticked text in | ${row.join(' | ')} |`);
  return found[0] as string;
};

export function parseRequiredWords(doc: string): RequiredWords {
  const out: RequiredWords = { screens: [], texts: [], errors: [], departures: [] };
  for (const { heading, body } of subsections(requiredWordsSection(doc))) {
    const screen = /^`([^`]+)`\s+(.+)$/.exec(heading);
    if (screen) {
      const path = screen[1] as string;
      out.screens.push({ path, name: screen[2] as string });
      for (const row of tableRows(body))
        out.texts.push({ screen: path, when: row[0] ?? '', text: one(row[1], 'a text', row) });
    } else if (heading === 'Error titles') {
      for (const row of tableRows(body)) {
        out.errors.push({
          screen: one(row[0], 'a screen', row),
          title: one(row[1], 'a title', row),
          message: one(row[2], 'a message', row),
          provokedBy: row[3] ?? '',
        });
      }
    } else if (heading === 'Worded otherwise') {
      for (const row of tableRows(body))
        out.departures.push({
          screen: one(row[0], 'a screen', row),
          asked: backticked(row[1] ?? ''),
          instead: row[2] ?? '',
          why: row[3] ?? '',
        });
    }
  }
  return out;
}

export function readRequiredWords(): RequiredWords {
  return parseRequiredWords(readFileSync(PRODUCT_DOC, 'utf8'));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a placeholder of the document stands for on screen. */
const PLACEHOLDERS: Record<string, string> = {
  '{email}': '[^\\s@]+@[^\\s@]+\\.[A-Za-z]{2,}',
  '{date}': '[A-Z][a-z]{2} \\d{1,2}, \\d{4}',
  '{amount}': '[-+−]?\\$\\d{1,3}(?:,\\d{3})*\\.\\d{2}',
};
/** A whole number that is not 1 (for a plural), and any whole number. */
const NOT_ONE = '(?:0|[2-9]|[1-9]\\d+)';

/**
 * The text as a regular expression over a screen's text: `N word(s)` is "1 word" or "K words",
 * `N` alone any whole number (not glued to digits before it), placeholders their shapes. Texts
 * without any are matched literally.
 */
export function textPattern(text: string): RegExp {
  const tokens = text.split(/(\{email\}|\{date\}|\{amount\}|\bN [A-Za-z]+\(s\)|\bN\b)/);
  const source = tokens
    .map((token) => {
      if (token in PLACEHOLDERS) return PLACEHOLDERS[token];
      const counted = /^N ([A-Za-z]+)\(s\)$/.exec(token);
      if (counted) return `(?<!\\d)(?:1 ${counted[1]}|${NOT_ONE} ${counted[1]}s)`;
      if (token === 'N') return '(?<!\\d)\\d+';
      return escape(token);
    })
    .join('');
  return new RegExp(source);
}

/** Whether a text has a counted word, whose singular and plural a screen may both be asked to show. */
export const isCounted = (text: string) => /\bN [A-Za-z]+\(s\)/.test(text);

/** The texts of `wanted` that `shown` (a screen's text) does not contain. */
export function missingTexts(shown: string, wanted: readonly string[]): string[] {
  return wanted.filter((text) => !textPattern(text).test(shown));
}
