import type { Locale } from '@vitrina/contracts';
import type { AlertMessage } from '../../db/schema.js';
import { escapeHtml, greetingLine, htmlButton, htmlDocument, type RenderedMessage } from './rendered-message.js';

interface Copy {
  greeting: (name: string) => string;
  order: (number: string) => string;
  shop: (name: string) => string;
  button: string;
  signIn: string;
}

/** Spanish (default), English, and the Argentine variant (voseo). */
const COPY: Record<Locale, Copy> = {
  es: {
    greeting: (n) => `Hola ${n}:`,
    order: (n) => `Pedido: ${n}`,
    shop: (s) => `Tienda: ${s}`,
    button: 'Ver en Vitrina',
    signIn: 'Para verlo, inicia sesión con tu cuenta de Vitrina.',
  },
  'es-AR': {
    greeting: (n) => `Hola ${n}:`,
    order: (n) => `Pedido: ${n}`,
    shop: (s) => `Tienda: ${s}`,
    button: 'Ver en Vitrina',
    signIn: 'Para verlo, iniciá sesión con tu cuenta de Vitrina.',
  },
  en: {
    greeting: (n) => `Hi ${n},`,
    order: (n) => `Order: ${n}`,
    shop: (s) => `Shop: ${s}`,
    button: 'Open in Vitrina',
    signIn: 'Sign in to your Vitrina account to see it.',
  },
};

export interface AlertMailInput {
  /** The alert's text in every locale; the recipient's is the subject and the first line. */
  message: AlertMessage;
  /** The alert's link, a path of the web app (`/mis-compras/…`). */
  link: string;
  /** The recipient's name from the users projection; empty when unknown. */
  name: string;
  /** The order's number as the web writes it (`#1A2B3C4D`), when the alert is about an order. */
  orderNumber: string | null;
  /** The shop's name from the shops projection, when known. */
  shopName: string | null;
}

/**
 * The e-mail of an important bell alert (issue 15): the alert's text as subject and first line, the order and shop it
 * is about, and a button to the alert's page. Every text from an event or a projection is escaped in the HTML.
 */
export function renderAlertMessage(input: AlertMailInput, locale: Locale, publicUrl: string): RenderedMessage {
  const copy = COPY[locale] ?? COPY.es;
  const subject = input.message[locale] || input.message.es;
  const name = input.name.trim() || (locale === 'en' ? 'there' : '');
  const url = `${publicUrl}${input.link}`;
  const refs = [
    ...(input.orderNumber ? [copy.order(input.orderNumber)] : []),
    ...(input.shopName?.trim() ? [copy.shop(input.shopName.trim())] : []),
  ];
  const text = [
    greetingLine(copy.greeting, name),
    '',
    subject,
    ...(refs.length ? ['', ...refs] : []),
    '',
    `${copy.button}: ${url}`,
    '',
    copy.signIn,
    '',
    '— Vitrina',
  ].join('\n');
  const html = htmlDocument([
    `<p>${escapeHtml(greetingLine(copy.greeting, name))}</p>`,
    `<p>${escapeHtml(subject)}</p>`,
    ...(refs.length ? [`<p>${refs.map(escapeHtml).join('<br>')}</p>`] : []),
    htmlButton(url, copy.button),
    `<p style="color:#777;font-size:12px">${escapeHtml(copy.signIn)}</p>`,
  ]);
  return { subject, text, html };
}
