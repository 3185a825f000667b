import type { Provider } from '@nestjs/common';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../config/messaging-config.js';
import { EmailSender, SmsSender, type OutboundMessage, type SentReceipt } from './delivery-provider.js';
import { MailboxStore } from './mailbox-sender.js';
import { SmtpEmailSender } from './smtp-email-sender.js';
import { TwilioSmsSender } from './twilio-sms-sender.js';

class MailboxEmailSender extends EmailSender {
  readonly name = 'mailbox';
  constructor(private readonly box: MailboxStore) {
    super();
  }
  send(message: OutboundMessage): Promise<SentReceipt> {
    return this.box.send(message);
  }
}

class MailboxSmsSender extends SmsSender {
  readonly name = 'mailbox';
  constructor(private readonly box: MailboxStore) {
    super();
  }
  send(message: OutboundMessage): Promise<SentReceipt> {
    return this.box.send(message);
  }
}

/** The adapters behind the ports, chosen by configuration at start (docs/architecture.md §2: only adapters differ). */
export const deliveryProviders: Provider[] = [
  MailboxStore,
  {
    provide: EmailSender,
    inject: [MESSAGING_CONFIG, MailboxStore],
    useFactory: (config: MessagingConfig, box: MailboxStore): EmailSender =>
      config.email.kind === 'smtp' ? new SmtpEmailSender(config.email) : new MailboxEmailSender(box),
  },
  {
    provide: SmsSender,
    inject: [MESSAGING_CONFIG, MailboxStore],
    useFactory: (config: MessagingConfig, box: MailboxStore): SmsSender =>
      config.sms.kind === 'twilio' ? new TwilioSmsSender(config.sms) : new MailboxSmsSender(box),
  },
];
