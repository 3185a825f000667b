import { CFDI_USE_NAMES, formatMinorUnits, TAX_REGIME_NAMES, type CheckoutContact, type OrderInvoicing } from '@vitrina/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { OrderLineRow, OrderRow } from '../../orders/order-access.js';

/** Spanish first (spec): the receipt is a Mexican purchase document. */
const T = {
  title: 'Recibo de compra',
  order: 'Pedido',
  date: 'Fecha',
  soldBy: 'Vendido por',
  supplier: 'Proveedor',
  customer: 'Cliente',
  quantity: 'Cant.',
  description: 'Descripción',
  unitPrice: 'Precio unitario',
  amount: 'Importe',
  subtotal: 'Subtotal',
  shipping: 'Envío',
  extraCharge: 'Cargo extra',
  total: 'Total',
  invoicing: 'Datos de facturación',
  rfc: 'RFC',
  name: 'Razón social',
  regime: 'Régimen fiscal',
  cfdiUse: 'Uso del CFDI',
  postalCode: 'Código postal',
  noInvoicing: 'Sin datos de facturación.',
  notFiscal: 'Este recibo no es un comprobante fiscal digital (CFDI).',
} as const;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.42, 0.42, 0.46);

export interface ReceiptInput {
  order: OrderRow;
  lines: OrderLineRow[];
  /** When the receipt is printed (its footer). */
  now: Date;
}

/**
 * The order's receipt as a PDF (issue 13 'Invoice': a downloadable receipt): order id, date, seller, lines, totals and
 * the invoicing data. Standard Helvetica (no font file to ship); characters it cannot draw become '?'.
 */
export async function receiptPdf({ order, lines, now }: ReceiptInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${T.title} ${order.id}`);
  doc.setSubject(`${T.order} ${order.id}`);
  doc.setAuthor(order.shopName);
  doc.setCreator('Vitrina');
  doc.setLanguage('es-MX');
  doc.setCreationDate(now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, regular, bold);
  const money = (minor: number) => `$${formatMinorUnits(minor)} ${order.currency}`;
  const date = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Mexico_City' });

  w.text(T.title, { size: 18, font: bold });
  w.gap(6);
  w.pair(T.order, order.id);
  w.pair(T.date, date.format(order.placedAt));
  w.pair(T.soldBy, order.shopName);
  w.pair(T.supplier, order.dssupplierName ? `${order.supplierName} / ${order.dssupplierName}` : order.supplierName);
  const contact = order.contact as CheckoutContact | null;
  if (contact?.name) w.pair(T.customer, [contact.name, contact.email].filter(Boolean).join(' · '));
  w.gap(14);

  // lines: quantity, description (wrapped), unit price, amount
  const cols = { qty: MARGIN, desc: MARGIN + 44, unit: A4.width - MARGIN - 190, amount: A4.width - MARGIN - 90 };
  const descWidth = cols.unit - cols.desc - 12;
  w.row(
    [
      [T.quantity, cols.qty],
      [T.description, cols.desc],
      [T.unitPrice, cols.unit],
      [T.amount, cols.amount],
    ],
    bold,
  );
  w.rule();
  for (const l of lines) {
    const variant = Object.entries(l.variant ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    const description = w.wrap(variant ? `${l.name} (${variant})` : l.name, descWidth, 10);
    w.ensure(14 * description.length + 4);
    w.row([
      [String(l.quantity), cols.qty],
      [description[0] ?? '', cols.desc],
      [money(l.unitPriceMinor), cols.unit],
      [money(l.unitPriceMinor * l.quantity), cols.amount],
    ]);
    for (const more of description.slice(1)) w.row([[more, cols.desc]]);
  }
  w.rule();
  const shipping = order.shippingCostMinor ?? order.shippingMinor;
  for (const [label, minor, font] of [
    [T.subtotal, order.subtotalMinor, regular],
    [T.shipping, shipping, regular],
    ...(order.financingMinor ? [[T.extraCharge, order.financingMinor, regular] as const] : []),
    [T.total, order.totalMinor, bold],
  ] as const) {
    w.row(
      [
        [label, cols.unit],
        [money(minor), cols.amount],
      ],
      font,
    );
  }
  w.gap(18);

  w.text(T.invoicing, { size: 12, font: bold });
  w.gap(4);
  const inv = order.invoicing as OrderInvoicing | null;
  if (inv) {
    w.pair(T.rfc, inv.rfc);
    w.pair(T.name, inv.name);
    w.pair(T.regime, `${inv.tax_regime} ${TAX_REGIME_NAMES[inv.tax_regime] ?? ''}`.trim());
    w.pair(T.cfdiUse, `${inv.cfdi_use} ${CFDI_USE_NAMES[inv.cfdi_use] ?? ''}`.trim());
    w.pair(T.postalCode, inv.postal_code);
  } else {
    w.text(T.noInvoicing, { color: MUTED });
  }
  w.gap(18);
  w.text(T.notFiscal, { size: 9, color: MUTED });
  return doc.save();
}

/** A top-to-bottom writer over A4 pages: a new page when the next row would not fit. */
class Writer {
  private page: PDFPage;
  private y = A4.height - MARGIN;
  private readonly charset: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.charset = new Set(regular.getCharacterSet());
  }

  /** `value` with what Helvetica (WinAnsi) cannot draw replaced by '?'. */
  safe(value: string): string {
    return value.normalize('NFC').replace(/[\s\S]/gu, (c) => (this.charset.has(c.codePointAt(0)!) ? c : /\s/.test(c) ? ' ' : '?'));
  }

  ensure(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  gap(points: number): void {
    this.y -= points;
  }

  text(value: string, o: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {}): void {
    const size = o.size ?? 10;
    for (const line of this.wrap(value, A4.width - 2 * MARGIN, size, o.font)) {
      this.ensure(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font: o.font ?? this.regular, color: o.color ?? INK });
    }
  }

  pair(label: string, value: string): void {
    this.ensure(14);
    this.y -= 14;
    this.page.drawText(this.safe(`${label}:`), { x: MARGIN, y: this.y, size: 10, font: this.bold, color: INK });
    const lines = this.wrap(value, A4.width - 2 * MARGIN - 110, 10);
    lines.forEach((line, n) => {
      if (n > 0) {
        this.ensure(14);
        this.y -= 14;
      }
      this.page.drawText(line, { x: MARGIN + 110, y: this.y, size: 10, font: this.regular, color: INK });
    });
  }

  row(cells: [string, number][], font: PDFFont = this.regular): void {
    this.ensure(14);
    this.y -= 14;
    for (const [value, x] of cells) this.page.drawText(this.safe(value), { x, y: this.y, size: 10, font, color: INK });
  }

  rule(): void {
    this.ensure(8);
    this.y -= 5;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.5, color: MUTED });
    this.y -= 3;
  }

  /** `value` cut into lines no wider than `width` (a word longer than the line is cut where it must). */
  wrap(value: string, width: number, size: number, font: PDFFont = this.regular): string[] {
    const out: string[] = [];
    let line = '';
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
    for (const word of this.safe(value).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line) out.push(line);
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
        out.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line || out.length === 0) out.push(line);
    return out;
  }
}
