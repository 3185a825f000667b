/** A message ready to leave: the rendered code message and where it goes. */
export interface OutboundMessage {
  deliveryId: string;
  channel: 'email' | 'sms';
  /** E-mail address or E.164 number. */
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
}

export interface SentReceipt {
  provider: string;
  /** The provider's id of the message (SMTP Message-ID, Twilio SID...). */
  messageId?: string;
}

/**
 * A failure that retrying cannot fix (the provider refused the address or the message). The job stops and the
 * delivery is marked failed; any other error is retried with backoff.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}

/** Port for e-mail: SMTP in production, the local mailbox in embedded mode. */
export abstract class EmailSender {
  abstract readonly name: string;
  abstract send(message: OutboundMessage): Promise<SentReceipt>;
  async close(): Promise<void> {}
}

/** Port for SMS: one real provider's HTTP API (Twilio), or the local mailbox. */
export abstract class SmsSender {
  abstract readonly name: string;
  abstract send(message: OutboundMessage): Promise<SentReceipt>;
  async close(): Promise<void> {}
}
