import { PIN_TTL_SECONDS, type Locale, type UserPinIssued } from '@vitrina/contracts';
import { escapeHtml, greetingLine, htmlButton, htmlDocument, type RenderedMessage } from './rendered-message.js';

interface Copy {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  codeLine: (code: string) => string;
  expiry: (minutes: number) => string;
  link: string;
  linkButton: string;
  ignore: string;
  sms: (code: string, minutes: number) => string;
  smsLink: string;
}

const MINUTES = Math.round(PIN_TTL_SECONDS / 60);

/** Spanish (default), English, and the Argentine variant (voseo). */
const COPY: Record<Locale, Record<UserPinIssued['purpose'], Copy>> = {
  es: {
    activation: {
      subject: 'Tu PIN de activación de Vitrina',
      greeting: (n) => `Hola ${n}:`,
      intro: 'Usa este PIN para activar tu cuenta de Vitrina.',
      codeLine: (c) => `Tu PIN es: ${c}`,
      expiry: (m) => `El PIN vence en ${m} minutos.`,
      link: 'También puedes activar tu cuenta con este enlace:',
      linkButton: 'Activar mi cuenta',
      ignore: 'Si no creaste una cuenta en Vitrina, ignora este mensaje.',
      sms: (c, m) => `Vitrina: tu PIN es ${c}. Vence en ${m} minutos.`,
      smsLink: 'Activa tu cuenta:',
    },
    password_reset: {
      subject: 'Tu código para restablecer la contraseña de Vitrina',
      greeting: (n) => `Hola ${n}:`,
      intro: 'Usa este código para restablecer tu contraseña de Vitrina.',
      codeLine: (c) => `Tu código es: ${c}`,
      expiry: (m) => `El código vence en ${m} minutos.`,
      link: '',
      linkButton: '',
      ignore: 'Si no pediste restablecer tu contraseña, ignora este mensaje; tu contraseña no cambia.',
      sms: (c, m) => `Vitrina: tu código para restablecer la contraseña es ${c}. Vence en ${m} minutos.`,
      smsLink: '',
    },
  },
  'es-AR': {
    activation: {
      subject: 'Tu PIN de activación de Vitrina',
      greeting: (n) => `Hola ${n}:`,
      intro: 'Usá este PIN para activar tu cuenta de Vitrina.',
      codeLine: (c) => `Tu PIN es: ${c}`,
      expiry: (m) => `El PIN vence en ${m} minutos.`,
      link: 'También podés activar tu cuenta con este enlace:',
      linkButton: 'Activar mi cuenta',
      ignore: 'Si no creaste una cuenta en Vitrina, ignorá este mensaje.',
      sms: (c, m) => `Vitrina: tu PIN es ${c}. Vence en ${m} minutos.`,
      smsLink: 'Activá tu cuenta:',
    },
    password_reset: {
      subject: 'Tu código para restablecer la contraseña de Vitrina',
      greeting: (n) => `Hola ${n}:`,
      intro: 'Usá este código para restablecer tu contraseña de Vitrina.',
      codeLine: (c) => `Tu código es: ${c}`,
      expiry: (m) => `El código vence en ${m} minutos.`,
      link: '',
      linkButton: '',
      ignore: 'Si no pediste restablecer tu contraseña, ignorá este mensaje; tu contraseña no cambia.',
      sms: (c, m) => `Vitrina: tu código para restablecer la contraseña es ${c}. Vence en ${m} minutos.`,
      smsLink: '',
    },
  },
  en: {
    activation: {
      subject: 'Your Vitrina activation PIN',
      greeting: (n) => `Hi ${n},`,
      intro: 'Use this PIN to activate your Vitrina account.',
      codeLine: (c) => `Your PIN is: ${c}`,
      expiry: (m) => `The PIN expires in ${m} minutes.`,
      link: 'You can also activate your account with this link:',
      linkButton: 'Activate my account',
      ignore: 'If you did not create a Vitrina account, ignore this message.',
      sms: (c, m) => `Vitrina: your PIN is ${c}. It expires in ${m} minutes.`,
      smsLink: 'Activate your account:',
    },
    password_reset: {
      subject: 'Your Vitrina password reset code',
      greeting: (n) => `Hi ${n},`,
      intro: 'Use this code to reset your Vitrina password.',
      codeLine: (c) => `Your code is: ${c}`,
      expiry: (m) => `The code expires in ${m} minutes.`,
      link: '',
      linkButton: '',
      ignore: 'If you did not ask to reset your password, ignore this message; your password stays the same.',
      sms: (c, m) => `Vitrina: your password reset code is ${c}. It expires in ${m} minutes.`,
      smsLink: '',
    },
  },
};

/** Only http(s) links make it into a message, whatever the event carries. */
function safeLink(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The e-mail or SMS for a code (`accounts.user.pin-issued`), in the event's locale. */
export function renderCodeMessage(event: UserPinIssued): RenderedMessage {
  const copy = (COPY[event.locale] ?? COPY.es)[event.purpose] ?? COPY.es.activation;
  const link = event.purpose === 'activation' ? safeLink(event.activationUrl) : undefined;
  const name = event.fullName?.trim() || (event.locale === 'en' ? 'there' : '');
  if (event.channel === 'phone') {
    return { subject: null, text: [copy.sms(event.code, MINUTES), ...(link ? [`${copy.smsLink} ${link}`] : [])].join(' '), html: null };
  }
  const text = [
    greetingLine(copy.greeting, name),
    '',
    copy.intro,
    '',
    copy.codeLine(event.code),
    copy.expiry(MINUTES),
    ...(link ? ['', copy.link, link] : []),
    '',
    copy.ignore,
    '',
    '— Vitrina',
  ].join('\n');
  const html = htmlDocument([
    `<p>${escapeHtml(greetingLine(copy.greeting, name))}</p>`,
    `<p>${escapeHtml(copy.intro)}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(event.code)}</p>`,
    `<p>${escapeHtml(copy.expiry(MINUTES))}</p>`,
    ...(link ? [`<p>${escapeHtml(copy.link)}</p>`, htmlButton(link, copy.linkButton)] : []),
    `<p style="color:#777;font-size:12px">${escapeHtml(copy.ignore)}</p>`,
  ]);
  return { subject: copy.subject, text, html };
}
