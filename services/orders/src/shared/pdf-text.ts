import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** What the orders service's PDFs share (tickets, return labels): drawable text, wrapping, and vector QR codes. */

// WinAnsi (the standard PDF fonts' encoding): Latin-1 plus these in 0x80-0x9F.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can draw: Latin-1 and WinAnsi's extras as they are; anything else without its accents when
 * that makes it drawable (ł stays '?', ő becomes o), else '?'. A name in another script still prints, as '?'s;
 * the QR code (what the door reads) does not depend on it.
 */
export function drawable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    // Intl's dates use narrow no-break spaces (U+202F), which WinAnsi lacks
    if (/\s/u.test(ch)) out += ' ';
    else if (ok(ch)) out += ch;
    else {
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && Array.from(bare).every(ok) ? bare : '?';
    }
  }
  return out;
}

function ok(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/** Lines of at most `width` points. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    // a word wider than the line (a long code) is cut where it must
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let n = rest.length - 1;
      while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The QR code drawn as vector squares (sharp at any print size, and no PNG to encode): one rectangle per run of dark
 * modules in a row, inside a quiet zone of 2 modules.
 */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  const black = rgb(0, 0, 0);
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + (quiet + start) * cell,
        // a hair taller than the cell, so no viewer draws seams between rows
        y: y + size - (quiet + row + 1) * cell - 0.1,
        width: (col - start) * cell,
        height: cell + 0.2,
        color: black,
      });
    }
  }
}
