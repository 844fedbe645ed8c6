/**
 * What the platform's PDFs share (pdfkit, its built-in Helvetica: no font files to ship): page
 * margins, the palette, section titles, notes and tables that continue on a new page with their
 * header row, and text cut to the room it is drawn in.
 */
import PDFDocument from 'pdfkit';

export type Doc = InstanceType<typeof PDFDocument>;
export type Paper = 'a4' | 'letter';

export const MARGIN = 40;
export const INK = '#1f2937';
export const MUTED = '#4b5563';
export const RULE = '#d1d5db';
export const HEADER_FILL = '#eef2f7';
export const ACCENT = '#1e40af';

export interface Column {
  header: string;
  /** A share of the page's text width. */
  width: number;
  align?: 'left' | 'right';
}

/** Lines a table cell, a note or a field's value shows at most. */
export const MAX_TEXT_LINES = 6;
/** Helvetica's narrowest glyph (a straight quote) is under a fifth of an em: no line holds more characters than this allows. */
const NARROWEST_GLYPH_EM = 0.19;

/**
 * The text cut to what `lines` lines of `width` points at `fontSize` can show, with an ellipsis.
 * Text from a file or a record is drawn through this, so drawing it costs the same whatever its
 * length: pdfkit breaks a word wider than its line by measuring it again for each character it
 * moves, a cost that grows with the square of the word's length
 * (docs/decisions/0041-upload-field-limits.md).
 */
export function fitText(text: string, width: number, fontSize: number, lines = MAX_TEXT_LINES): string {
  const max = Math.max(1, Math.floor(width / (fontSize * NARROWEST_GLYPH_EM))) * lines;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A new document on the paper asked for, with the platform's margins (room for the footer line
 * writeFooters draws) and its pages buffered, so the footers can say 'Page n of N'.
 */
export function newDocument(paper: Paper, info: { Title?: string; Subject: string }): Doc {
  return new PDFDocument({
    size: paper === 'a4' ? 'A4' : 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { ...info, Creator: 'UST Risk Platform' },
  });
}

export function textWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

export function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

export function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

export function section(doc: Doc, title: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(title, doc.page.margins.left, doc.y);
  doc.moveDown(0.3);
}

export function note(doc: Doc, text: string) {
  const fontSize = 8;
  doc
    .font('Helvetica')
    .fontSize(fontSize)
    .fillColor(MUTED)
    .text(fitText(text, textWidth(doc), fontSize), doc.page.margins.left, doc.y, { width: textWidth(doc) });
  doc.moveDown(0.3);
}

export function table(doc: Doc, columns: Column[], rows: string[][], empty?: string) {
  if (rows.length === 0) {
    if (empty) note(doc, empty);
    return;
  }
  const left = doc.page.margins.left;
  const total = textWidth(doc);
  const widths = columns.map((column) => column.width * total);
  const padding = 3;
  const fontSize = 7.5;
  const fitted = (cells: string[]) => cells.map((cell, index) => fitText(cell, widths[index]! - 2 * padding, fontSize));
  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    return Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: widths[index]! - 2 * padding }))) + 2 * padding;
  };
  const drawRow = (cells: string[], font: string, fill: string | null) => {
    const height = rowHeight(cells, font);
    const y = doc.y;
    if (fill) doc.rect(left, y, total, height).fill(fill);
    let x = left;
    doc.font(font).fontSize(fontSize).fillColor(INK);
    cells.forEach((cell, index) => {
      doc.text(cell, x + padding, y + padding, { width: widths[index]! - 2 * padding, align: columns[index]!.align ?? 'left' });
      x += widths[index]!;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + total, y + height)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  const headers = fitted(columns.map((column) => column.header));
  const drawHeader = () => drawRow(headers, 'Helvetica-Bold', HEADER_FILL);
  ensureRoom(doc, rowHeight(headers, 'Helvetica-Bold') + rowHeight(fitted(rows[0]!), 'Helvetica'));
  drawHeader();
  for (const row of rows.map(fitted)) {
    if (doc.y + rowHeight(row, 'Helvetica') > bottom(doc)) {
      doc.addPage();
      drawHeader();
    }
    drawRow(row, 'Helvetica', null);
  }
}

export const WARNING_FILL = '#fef3c7';
export const WARNING_INK = '#78350f';

/**
 * A label in a filled box at the cursor, `width` wide from the left margin (the text width by
 * default): the indicative-estimate label, a generated-record note.
 */
export function warningBox(doc: Doc, text: string, { fontSize = 9, width = textWidth(doc), gapBelow = 4 } = {}) {
  const left = doc.page.margins.left;
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(fontSize);
  const height = doc.heightOfString(text, { width: width - 12 }) + 8;
  doc.rect(left, top, width, height).fill(WARNING_FILL);
  doc.fillColor(WARNING_INK).text(text, left + 6, top + 4, { width: width - 12 });
  doc.x = left;
  doc.y = top + height + gapBelow;
}

/** One centred line at the foot of every page, ending 'Page n of N' (the document is built with bufferPages). */
export function writeFooters(doc: Doc, line: string) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${line} · Page ${index - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}
