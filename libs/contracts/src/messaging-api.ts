/**
 * Outbound messages of the messaging service (codes by e-mail and SMS) and the local mailbox of
 * embedded mode (`GET /api/dev/mailbox`, answer `MailboxMessage` in api/messaging/), where a newcomer reads the PIN they were sent.
 */
export type DeliveryChannel = 'email' | 'sms';

/** Attempts and backoff of the delivery job (first attempt included). */
export const DELIVERY_JOB_ATTEMPTS = 6;
export const DELIVERY_JOB_BACKOFF_MS = 2_000;
