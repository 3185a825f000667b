import { Injectable } from '@nestjs/common';
import type { AttendantType, TicketLanguage } from '@vitrina/contracts';
import { zipSync } from 'fflate';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawable, drawQr, wrap } from '../../shared/pdf-text.js';
import type { AttendantRow } from '../queries/attendant.view.js';
import { TicketSigner } from '../ticket-signer.js';

export { drawable };

/** Experience dates are shown in the platform's home time zone (the shops are in Mexico). */
const TIME_ZONE = 'America/Mexico_City';

const TEXTS: Record<'es' | 'en', Record<string, string>> = {
  es: {
    ticket: 'BOLETO',
    date: 'Fecha',
    noDate: 'Sin fecha',
    attendee: 'Asistente',
    phone: 'Teléfono',
    order: 'Orden',
    number: 'Boleto',
    code: 'Código',
    used: 'USADO',
    purchase: 'Compra',
    sale_in_establishment: 'Venta en establecimiento',
    courtesy: 'Cortesía',
    hint: 'Presenta este código QR en la entrada. Es válido para una sola entrada.',
  },
  en: {
    ticket: 'TICKET',
    date: 'Date',
    noDate: 'No date',
    attendee: 'Attendee',
    phone: 'Phone',
    order: 'Order',
    number: 'Ticket',
    code: 'Code',
    used: 'USED',
    purchase: 'Purchase',
    sale_in_establishment: 'Sale in establishment',
    courtesy: 'Courtesy',
    hint: 'Show this QR code at the entrance. It is valid for one entry only.',
  },
};

const LOCALES: Record<TicketLanguage, string> = { es: 'es-MX', en: 'en-US', 'es-AR': 'es-AR' };

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/**
 * Attendee tickets as PDF documents (spec 3 §2 'attendee tickets downloadable as pdf or zip'): one A5 page per
 * ticket with the experience, its date, the attendee, the order, and the QR code carrying the signed payload
 * (printed under it too, for the door's manual entry).
 */
@Injectable()
export class TicketDocuments {
  constructor(private readonly signer: TicketSigner) {}

  /** One PDF holding a page per ticket. */
  async pdf(tickets: AttendantRow[], lang: TicketLanguage = 'es'): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const fonts = await this.fonts(doc);
    for (const t of tickets) await this.page(doc, fonts, t, lang);
    doc.setTitle(tickets.length === 1 ? `${TEXTS[base(lang)].number} ${drawable(tickets[0].itemName)}` : TEXTS[base(lang)].ticket);
    doc.setProducer('Vitrina');
    doc.setCreationDate(new Date(0));
    doc.setModificationDate(new Date(0));
    return doc.save();
  }

  /** A zip with one PDF per ticket (`boleto-01-<name>.pdf`). */
  async zip(tickets: AttendantRow[], lang: TicketLanguage = 'es'): Promise<Uint8Array> {
    const files: Record<string, Uint8Array> = {};
    for (const [i, t] of tickets.entries()) {
      files[fileName(t, i, lang)] = await this.pdf([t], lang);
    }
    // PDFs are compressed already: stored, not deflated again
    return zipSync(files, { level: 0, mtime: new Date('2000-01-01T00:00:00Z') });
  }

  private async fonts(doc: PDFDocument): Promise<Fonts> {
    const [regular, bold, mono] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.Courier),
    ]);
    return { regular, bold, mono };
  }

  private async page(doc: PDFDocument, fonts: Fonts, t: AttendantRow, lang: TicketLanguage): Promise<void> {
    const tx = TEXTS[base(lang)];
    const code = this.signer.code(t.id);
    const page: PDFPage = doc.addPage([419.53, 595.28]);
    const { width, height } = page.getSize();
    const margin = 32;
    const inner = width - margin * 2;
    const ink = rgb(0.1, 0.1, 0.12);
    const muted = rgb(0.38, 0.38, 0.42);

    page.drawRectangle({ x: 0, y: height - 56, width, height: 56, color: rgb(0.13, 0.2, 0.42) });
    page.drawText(tx.ticket, { x: margin, y: height - 36, size: 18, font: fonts.bold, color: rgb(1, 1, 1) });
    const kind = tx[t.type as AttendantType] ?? t.type;
    const kindWidth = fonts.regular.widthOfTextAtSize(kind, 10);
    page.drawText(kind, { x: width - margin - kindWidth, y: height - 33, size: 10, font: fonts.regular, color: rgb(1, 1, 1) });

    let y = height - 56 - 34;
    for (const line of wrap(drawable(t.itemName), fonts.bold, 16, inner).slice(0, 3)) {
      page.drawText(line, { x: margin, y, size: 16, font: fonts.bold, color: ink });
      y -= 20;
    }
    y -= 4;
    const field = (label: string, value: string) => {
      page.drawText(label.toUpperCase(), { x: margin, y, size: 8, font: fonts.bold, color: muted });
      y -= 14;
      for (const line of wrap(drawable(value), fonts.regular, 12, inner).slice(0, 2)) {
        page.drawText(line, { x: margin, y, size: 12, font: fonts.regular, color: ink });
        y -= 15;
      }
      y -= 6;
    };
    field(tx.date, t.experienceDate ? formatDate(t.experienceDate, lang) : tx.noDate);
    field(tx.attendee, t.fullName || '—');
    if (t.phone) field(tx.phone, t.phone);

    const size = 190;
    const qrY = Math.min(y - size, 150);
    drawQr(page, code, (width - size) / 2, qrY, size);
    if (t.usedAt) {
      page.drawText(tx.used, {
        x: (width - fonts.bold.widthOfTextAtSize(tx.used, 28)) / 2,
        y: qrY + size / 2 - 10,
        size: 28,
        font: fonts.bold,
        color: rgb(0.75, 0.1, 0.1),
        opacity: 0.85,
      });
    }
    let codeY = qrY - 14;
    for (const line of wrap(code, fonts.mono, 7, inner)) {
      page.drawText(line, { x: (width - fonts.mono.widthOfTextAtSize(line, 7)) / 2, y: codeY, size: 7, font: fonts.mono, color: muted });
      codeY -= 9;
    }
    const hint = wrap(tx.hint, fonts.regular, 9, inner);
    let hintY = codeY - 6;
    for (const line of hint) {
      page.drawText(line, {
        x: (width - fonts.regular.widthOfTextAtSize(line, 9)) / 2,
        y: hintY,
        size: 9,
        font: fonts.regular,
        color: muted,
      });
      hintY -= 11;
    }
    page.drawText(`${tx.order} ${t.orderId}`, { x: margin, y: 28, size: 7, font: fonts.mono, color: muted });
    page.drawText(`${tx.number} ${t.id}`, { x: margin, y: 18, size: 7, font: fonts.mono, color: muted });
  }
}

function base(lang: TicketLanguage): 'es' | 'en' {
  return lang === 'en' ? 'en' : 'es';
}

function formatDate(date: Date, lang: TicketLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'full', timeStyle: 'short', timeZone: TIME_ZONE }).format(date);
}

/** `boleto-01-ana-lopez.pdf`: ordered, readable, and safe in any file system. */
export function fileName(t: Pick<AttendantRow, 'fullName'>, index: number, lang: TicketLanguage = 'es'): string {
  const slug = t.fullName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const word = lang === 'en' ? 'ticket' : 'boleto';
  return `${word}-${String(index + 1).padStart(2, '0')}${slug ? `-${slug}` : ''}.pdf`;
}
