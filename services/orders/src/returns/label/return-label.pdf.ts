import type { CatalogueReturnInfo, CheckoutAddress, CheckoutContact } from '@vitrina/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ReturnLabelDoc } from '../../db/schema.js';
import type { OrderRow } from '../../orders/order-access.js';
import { drawable, drawQr, wrap } from '../../shared/pdf-text.js';
import type { ReturnRow } from '../queries/return-access.js';

/** Spanish first: the label travels with a Mexican parcel and is read by the carrier's counter staff. */
const T = {
  title: 'GUÍA DE DEVOLUCIÓN',
  shipTo: 'Enviar a',
  from: 'Remitente',
  carrier: 'Paquetería',
  tracking: 'Número de guía',
  noCarrier: 'La que elijas (conserva tu comprobante de envío)',
  returnNo: 'Devolución',
  order: 'Pedido',
  contents: 'Contenido',
  whoPays: 'Envío de la devolución',
  issued: 'Emitida',
  hint: 'Imprime esta guía y pégala en el exterior del paquete. El código QR identifica tu devolución al recibirla.',
} as const;

/** spec 3 §3 'return_fees': who pays the return shipping, in words. */
const WHO_PAYS: Record<string, string> = {
  customer_all: 'Lo paga el cliente',
  free: 'Gratis para el cliente',
  customer_feed: 'Lo paga el cliente',
  original_fees: 'Se descuenta el envío original del reembolso',
  restocking_fees: 'Aplica una cuota de reposición',
};

/** 4 × 6 in, the size of a thermal shipping label (prints on letter paper as well). */
const PAGE = { width: 288, height: 432 };
const MARGIN = 18;
const INK = rgb(0.08, 0.08, 0.1);
const MUTED = rgb(0.36, 0.36, 0.4);

export interface ReturnLabelInput {
  request: ReturnRow;
  order: OrderRow;
  label: ReturnLabelDoc;
}

/** What the QR code holds: the return's id, recognisable as Vitrina's (the receiving seller scans it to find the request). */
export const returnLabelCode = (returnId: string): string => `vitrina:return:${returnId}`;

/**
 * The return label as a one-page PDF: where the parcel goes (the seller's address as they issued it), who sends it
 * (the order's customer and delivery address), the carrier and guide number when the seller bought one, the return
 * and order numbers, what is inside, who pays the shipping, and a QR code of the return. Deterministic for a given
 * label (fixed document dates), so a download twice is the same file.
 */
export async function returnLabelPdf({ request, order, label }: ReturnLabelInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${T.title} ${request.id}`);
  doc.setSubject(`${T.order} ${order.id}`);
  doc.setAuthor(drawable(order.shopName));
  doc.setCreator('Vitrina');
  doc.setProducer('Vitrina');
  doc.setLanguage('es-MX');
  const issuedAt = new Date(label.issuedAt);
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const inner = PAGE.width - MARGIN * 2;
  let y = PAGE.height - MARGIN;

  page.drawRectangle({ x: 0, y: PAGE.height - 34, width: PAGE.width, height: 34, color: INK });
  page.drawText(drawable(T.title), { x: MARGIN, y: PAGE.height - 23, size: 13, font: bold, color: rgb(1, 1, 1) });
  y = PAGE.height - 34 - 16;

  const heading = (text: string) => {
    page.drawText(drawable(text.toUpperCase()), { x: MARGIN, y, size: 7, font: bold, color: MUTED });
    y -= 11;
  };
  const lines = (text: string, font: PDFFont, size: number, max: number) => {
    for (const line of text
      .split('\n')
      .flatMap((l) => wrap(drawable(l), font, size, inner))
      .slice(0, max)) {
      page.drawText(line, { x: MARGIN, y, size, font, color: INK });
      y -= size + 3;
    }
  };

  // the destination, biggest: it is what the carrier reads
  heading(T.shipTo);
  lines(label.issuedBy === 'dssupplier' ? (order.dssupplierName ?? order.supplierName) : order.supplierName, bold, 11, 1);
  lines(label.shipTo, regular, 10, 5);
  y -= 4;
  rule(page, y + 4);
  y -= 8;

  const contact = order.contact as CheckoutContact | null;
  const address = order.address as CheckoutAddress | null;
  heading(T.from);
  lines(
    [contact?.name?.trim() || address?.address_name || '', contact?.phone || address?.address_phone || ''].filter(Boolean).join(' · '),
    regular,
    9,
    1,
  );
  if (address?.formatted_address) lines(address.formatted_address, regular, 9, 3);
  y -= 4;
  rule(page, y + 4);
  y -= 8;

  pair(page, { regular, bold }, T.carrier, label.carrier ?? T.noCarrier, MARGIN, y);
  y -= 24;
  if (label.trackingNumber) {
    pair(page, { regular, bold }, T.tracking, label.trackingNumber, MARGIN, y, mono);
    y -= 24;
  }
  const info = request.returnInfo as CatalogueReturnInfo | null;
  if (info?.return_fees && WHO_PAYS[info.return_fees]) {
    pair(page, { regular, bold }, T.whoPays, WHO_PAYS[info.return_fees], MARGIN, y);
    y -= 24;
  }

  // the QR code bottom right, the numbers and contents beside it
  const qr = 92;
  const qrY = MARGIN + 30;
  drawQr(page, returnLabelCode(request.id), PAGE.width - MARGIN - qr, qrY, qr);
  const leftWidth = inner - qr - 10;
  let ly = qrY + qr - 6;
  for (const [name, value, font] of [
    [T.returnNo, request.id, mono],
    [T.order, order.id, mono],
    [T.contents, order.summary, regular],
  ] as const) {
    page.drawText(drawable(name.toUpperCase()), { x: MARGIN, y: ly, size: 6.5, font: bold, color: MUTED });
    ly -= 9;
    // 6.5 pt Courier keeps a 36-character id on one line beside the code
    for (const line of wrap(drawable(value), font, 6.5, leftWidth).slice(0, 2)) {
      page.drawText(line, { x: MARGIN, y: ly, size: 6.5, font, color: INK });
      ly -= 9;
    }
    ly -= 3;
  }

  let hy = MARGIN + 14;
  for (const line of wrap(drawable(T.hint), regular, 6.5, inner).slice(0, 2).reverse()) {
    page.drawText(line, { x: MARGIN, y: hy, size: 6.5, font: regular, color: MUTED });
    hy += 8;
  }
  const issued = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeZone: 'America/Mexico_City' }).format(issuedAt);
  page.drawText(drawable(`${T.issued} ${issued} · ${order.shopName}`), { x: MARGIN, y: MARGIN, size: 6.5, font: regular, color: MUTED });
  return doc.save();
}

function rule(page: PDFPage, y: number): void {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.6, color: MUTED });
}

function pair(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  name: string,
  value: string,
  x: number,
  y: number,
  font: PDFFont = fonts.regular,
): void {
  page.drawText(drawable(name.toUpperCase()), { x, y, size: 7, font: fonts.bold, color: MUTED });
  const [first = ''] = wrap(drawable(value), font, 10, PAGE.width - MARGIN * 2);
  page.drawText(first, { x, y: y - 12, size: 10, font, color: INK });
}
