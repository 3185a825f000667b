import type { Locale, ReturnLabelIssuedEvent } from '@vitrina/contracts';
import { escapeHtml, greetingLine, htmlButton, htmlDocument, type RenderedMessage } from './rendered-message.js';

interface Copy {
  subject: string;
  greeting: (name: string) => string;
  intro: (shop: string) => string;
  shipTo: string;
  carrier: (carrier: string) => string;
  tracking: (number: string) => string;
  download: string;
  button: string;
  signIn: string;
}

/** Spanish (default), English, and the Argentine variant (voseo). */
const COPY: Record<Locale, Copy> = {
  es: {
    subject: 'Tu guía de devolución está lista',
    greeting: (n) => `Hola ${n}:`,
    intro: (s) => `${s} ya emitió la guía de envío para tu devolución.`,
    shipTo: 'Envía el paquete a esta dirección:',
    carrier: (c) => `Transportista: ${c}`,
    tracking: (t) => `Número de rastreo: ${t}`,
    download: 'Descarga la guía, imprímela y pégala en el paquete:',
    button: 'Descargar guía',
    signIn: 'Para descargarla, inicia sesión con la cuenta con la que hiciste la compra.',
  },
  'es-AR': {
    subject: 'Tu guía de devolución está lista',
    greeting: (n) => `Hola ${n}:`,
    intro: (s) => `${s} ya emitió la guía de envío para tu devolución.`,
    shipTo: 'Enviá el paquete a esta dirección:',
    carrier: (c) => `Empresa de envío: ${c}`,
    tracking: (t) => `Número de seguimiento: ${t}`,
    download: 'Descargá la guía, imprimila y pegala en el paquete:',
    button: 'Descargar guía',
    signIn: 'Para descargarla, iniciá sesión con la cuenta con la que hiciste la compra.',
  },
  en: {
    subject: 'Your return label is ready',
    greeting: (n) => `Hi ${n},`,
    intro: (s) => `${s} has issued the shipping label for your return.`,
    shipTo: 'Send the package to this address:',
    carrier: (c) => `Carrier: ${c}`,
    tracking: (t) => `Tracking number: ${t}`,
    download: 'Download the label, print it and stick it on the package:',
    button: 'Download label',
    signIn: 'To download it, sign in with the account you used for the purchase.',
  },
};

/** The return's page on the shop's storefront, where the signed-in customer downloads the label (PDF). */
export function returnPageUrl(publicUrl: string, event: Pick<ReturnLabelIssuedEvent, 'shopSlug' | 'returnId'>): string {
  return `${publicUrl}/tienda/${encodeURIComponent(event.shopSlug)}/mis-compras/devoluciones/${encodeURIComponent(event.returnId)}`;
}

/** The address as lines: line breaks kept (any style), blank lines and the spaces around each line dropped. */
function addressLines(shipTo: string): string[] {
  return shipTo
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The e-mail that the return label is ready (`orders.order.return_label_issued`, policy 'inbox'). The event carries
 * no language, so Spanish unless told otherwise. The label itself is not attached: the link leads to the return
 * page, where only the signed-in customer can download it.
 */
export function renderReturnLabelMessage(event: ReturnLabelIssuedEvent, publicUrl: string, locale: Locale = 'es'): RenderedMessage {
  const copy = COPY[locale] ?? COPY.es;
  const name = event.customerName?.trim() || (locale === 'en' ? 'there' : '');
  const shop = event.shopName?.trim() || 'Vitrina';
  const address = addressLines(event.shipTo ?? '');
  const carrier = event.carrier?.trim();
  const tracking = event.trackingNumber?.trim();
  const link = returnPageUrl(publicUrl, event);
  const shipment = [...(carrier ? [copy.carrier(carrier)] : []), ...(tracking ? [copy.tracking(tracking)] : [])];
  const text = [
    greetingLine(copy.greeting, name),
    '',
    copy.intro(shop),
    ...(address.length ? ['', copy.shipTo, ...address] : []),
    ...(shipment.length ? ['', ...shipment] : []),
    '',
    copy.download,
    link,
    '',
    copy.signIn,
    '',
    '— Vitrina',
  ].join('\n');
  const html = htmlDocument([
    `<p>${escapeHtml(greetingLine(copy.greeting, name))}</p>`,
    `<p>${escapeHtml(copy.intro(shop))}</p>`,
    ...(address.length
      ? [
          `<p>${escapeHtml(copy.shipTo)}</p>`,
          `<p style="padding-left:12px;border-left:3px solid #ddd">${address.map(escapeHtml).join('<br>')}</p>`,
        ]
      : []),
    ...(shipment.length ? [`<p>${shipment.map(escapeHtml).join('<br>')}</p>`] : []),
    `<p>${escapeHtml(copy.download)}</p>`,
    htmlButton(link, copy.button),
    `<p style="color:#777;font-size:12px">${escapeHtml(copy.signIn)}</p>`,
  ]);
  return { subject: copy.subject, text, html };
}
