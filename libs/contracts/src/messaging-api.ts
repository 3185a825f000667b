/**
 * Outbound messages of the messaging service (codes by e-mail and SMS) and the local mailbox of
 * embedded mode (`GET /api/dev/mailbox`), where a newcomer reads the PIN they were sent.
 */
export type DeliveryChannel = 'email' | 'sms';

/** One message stored by the local mailbox provider. */
export interface MailboxMessage {
  id: string;
  channel: DeliveryChannel;
  /** E-mail address or E.164 phone number. */
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** The event the message was sent for (accounts.user.pin-issued...). */
  event_id: string;
  created_at: string;
}

/** Attempts and backoff of the delivery job (first attempt included). */
export const DELIVERY_JOB_ATTEMPTS = 6;
export const DELIVERY_JOB_BACKOFF_MS = 2_000;
