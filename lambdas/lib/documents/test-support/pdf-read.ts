/**
 * A PDF's text as a reader gets it: poppler's pdftotext (-layout keeps each table row on one
 * line), so the tests check what a client's PDF reader would show, not what the writer meant.
 */
import { execFileSync } from 'node:child_process';

export const PDFTOTEXT = '/usr/bin/pdftotext';

/** The text of every page, pages separated by form feeds. */
export function pdfText(pdf: Uint8Array): string {
  return execFileSync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString('utf8');
}

/** The text's lines, each with its runs of spaces made one, trimmed: what a row says, whatever its layout. */
export function pdfLines(pdf: Uint8Array): string[] {
  return pdfText(pdf)
    .split(/\r?\n|\f/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

/** How many pages the PDF has (pdftotext ends each with a form feed). */
export function pdfPageCount(pdf: Uint8Array): number {
  return (pdfText(pdf).match(/\f/g) ?? []).length;
}
