import { createTransport, type Transporter } from 'nodemailer';
import { EmailSender, PermanentDeliveryError, type OutboundMessage, type SentReceipt } from './delivery-provider.js';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

/** E-mail over SMTP with nodemailer (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_FROM). */
export class SmtpEmailSender extends EmailSender {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    super();
    this.transport = createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: OutboundMessage): Promise<SentReceipt> {
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers: { 'X-Vitrina-Delivery': message.deliveryId },
      });
      return { provider: this.name, ...(info.messageId ? { messageId: String(info.messageId) } : {}) };
    } catch (err) {
      // 5xx replies are permanent (RFC 5321 §4.2.1): the server will refuse the same message again.
      const code = (err as { responseCode?: number }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) {
        throw new PermanentDeliveryError(`SMTP refused the message (${code})`, { cause: err });
      }
      throw err;
    }
  }

  override async close(): Promise<void> {
    this.transport.close();
  }
}
