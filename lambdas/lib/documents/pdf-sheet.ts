/**
 * The page layout every document shares: an A4 sheet with the firm's letterhead (its legal name
 * and postal address) at the top of the first page, lines of text written downwards, a new page
 * when one is full (its first line says what continues), and on every page the firm's footer: its
 * risk disclosure, how to reach support, the demo notice where there is one, and "Page n of m".
 *
 * Every text goes through winAnsiText (pdf-text.ts): the standard fonts write WinAnsi only. The
 * document's dates are the document's own (its period's end, the move's time), never the time it
 * is written, and nothing else varies, so the same inputs give the same bytes.
 */
import { PDFDocument, type PDFFont, type PDFPage, PageSizes, StandardFonts, rgb } from 'pdf-lib';
import type { FirmDetails } from '../../../shared/site-config';
import { winAnsiText } from './pdf-text';

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_SIZE = 7.5;
const GREY = rgb(0.35, 0.35, 0.35);

export interface Sheet {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  page: PDFPage;
  /** The baseline of the next line. */
  y: number;
  /** The lowest baseline the body may use: the footer is below it. */
  bottom: number;
  firm: FirmDetails;
  /** What a continued page says at its top. */
  continued: string;
  footer: string[];
  /** What a page continuing a table starts with: its header row. */
  tableHeader?: () => void;
}

export interface SheetMeta {
  title: string;
  subject: string;
  /** The document's date (epoch ms): its PDF creation and modification date. */
  date: number;
  firm: FirmDetails;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  /** From the left margin. */
  x?: number;
  grey?: boolean;
}

/** `text` cut into lines no wider than `width` at `size`, at spaces where it can, anywhere where a word is longer. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  for (const word of winAnsiText(text).split(/ +/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** The footer's lines: the disclosure wrapped, support, the demo notice. */
function footerLines(firm: FirmDetails, font: PDFFont): string[] {
  const support = [`Support: ${firm.supportEmail}`, ...(firm.supportPhone ? [firm.supportPhone] : [])].join(', ');
  return [firm.riskDisclosure, `${firm.legalName}. ${support}.`, ...(firm.demoNotice ? [firm.demoNotice] : [])].flatMap(
    (line) => wrapText(line, font, FOOTER_SIZE, CONTENT_WIDTH),
  );
}

/** A new document with its first page and letterhead. */
export async function newSheet(meta: SheetMeta): Promise<Sheet> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const date = new Date(meta.date);
  doc.setTitle(winAnsiText(meta.title));
  doc.setAuthor(winAnsiText(meta.firm.legalName));
  doc.setSubject(winAnsiText(meta.subject));
  doc.setCreator('Aurum client portal');
  doc.setProducer('Aurum client portal');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const footer = footerLines(meta.firm, regular);
  const sheet: Sheet = {
    doc,
    regular,
    bold,
    page: doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]),
    y: PAGE_HEIGHT - MARGIN,
    bottom: MARGIN + (footer.length + 2) * (FOOTER_SIZE + 2.5) + 12,
    firm: meta.firm,
    continued: `${meta.title} (continued)`,
    footer,
  };
  letterhead(sheet);
  return sheet;
}

function letterhead(sheet: Sheet): void {
  text(sheet, sheet.firm.legalName, { size: 13, bold: true });
  for (const line of sheet.firm.address ?? []) text(sheet, line, { size: 9, grey: true });
  gap(sheet, 14);
}

/** Room for `height` points on this page, or a new page. */
export function ensureRoom(sheet: Sheet, height: number): void {
  if (sheet.y - height >= sheet.bottom) return;
  sheet.page = sheet.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  sheet.y = PAGE_HEIGHT - MARGIN;
  text(sheet, sheet.firm.legalName, { size: 9, bold: true });
  text(sheet, sheet.continued, { size: 9, grey: true });
  gap(sheet, 10);
  sheet.tableHeader?.();
}

export function gap(sheet: Sheet, points: number): void {
  sheet.y -= points;
}

/** One line of text (cut to the width if too long: callers wrap what may be long). */
export function text(sheet: Sheet, value: string, style: TextStyle = {}): void {
  const size = style.size ?? 10;
  ensureRoom(sheet, size * 1.35);
  sheet.y -= size;
  drawAt(sheet, value, MARGIN + (style.x ?? 0), style);
  sheet.y -= size * 0.35;
}

/** Text at an absolute x on the current line's baseline, without moving down. */
function drawAt(sheet: Sheet, value: string, x: number, style: TextStyle): void {
  sheet.page.drawText(winAnsiText(value), {
    x,
    y: sheet.y,
    size: style.size ?? 10,
    font: style.bold ? sheet.bold : sheet.regular,
    color: style.grey ? GREY : rgb(0, 0, 0),
  });
}

export interface Column {
  /** From the left margin. */
  x: number;
  width: number;
  align?: 'left' | 'right';
}

/**
 * One row of a table: each cell in its column, a cell wider than its column wrapped onto more
 * lines, the whole row kept on one page.
 */
export function row(sheet: Sheet, columns: readonly Column[], cells: readonly string[], style: TextStyle = {}): void {
  const size = style.size ?? 9;
  const font = style.bold ? sheet.bold : sheet.regular;
  const wrapped = cells.map((cell, i) => wrapText(cell, font, size, (columns[i] as Column).width));
  const lines = Math.max(...wrapped.map((w) => w.length));
  const lineHeight = size * 1.3;
  ensureRoom(sheet, lines * lineHeight + 2);
  wrapped.forEach((cellLines, i) => {
    const column = columns[i] as Column;
    cellLines.forEach((line, l) => {
      const width = font.widthOfTextAtSize(line, size);
      const x = MARGIN + column.x + (column.align === 'right' ? column.width - width : 0);
      sheet.page.drawText(line, {
        x,
        y: sheet.y - size - l * lineHeight,
        size,
        font,
        color: style.grey ? GREY : rgb(0, 0, 0),
      });
    });
  });
  sheet.y -= lines * lineHeight + 2;
}

/** A thin rule across the page. */
export function rule(sheet: Sheet): void {
  ensureRoom(sheet, 6);
  sheet.y -= 3;
  sheet.page.drawLine({
    start: { x: MARGIN, y: sheet.y },
    end: { x: PAGE_WIDTH - MARGIN, y: sheet.y },
    thickness: 0.5,
    color: GREY,
  });
  sheet.y -= 3;
}

/** Paragraph text wrapped to the page. */
export function paragraph(sheet: Sheet, value: string, style: TextStyle = {}): void {
  const size = style.size ?? 10;
  const font = style.bold ? sheet.bold : sheet.regular;
  for (const line of wrapText(value, font, size, CONTENT_WIDTH - (style.x ?? 0))) text(sheet, line, style);
}

/** The footer on every page, then the PDF's bytes. */
export async function finishSheet(sheet: Sheet): Promise<Uint8Array> {
  const pages = sheet.doc.getPages();
  pages.forEach((page, i) => {
    const lines = [...sheet.footer, `Page ${i + 1} of ${pages.length}`];
    lines.forEach((line, l) => {
      page.drawText(line, {
        x: MARGIN,
        y: MARGIN + (lines.length - 1 - l) * (FOOTER_SIZE + 2.5),
        size: FOOTER_SIZE,
        font: sheet.regular,
        color: GREY,
      });
    });
    page.drawLine({
      start: { x: MARGIN, y: MARGIN + lines.length * (FOOTER_SIZE + 2.5) + 2 },
      end: { x: PAGE_WIDTH - MARGIN, y: MARGIN + lines.length * (FOOTER_SIZE + 2.5) + 2 },
      thickness: 0.5,
      color: GREY,
    });
  });
  return sheet.doc.save({ useObjectStreams: false });
}
