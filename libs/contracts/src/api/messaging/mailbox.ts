import { z } from 'zod';
import { listOf } from '../list.js';

/** One message stored by the local mailbox provider (`GET /api/dev/mailbox`, embedded mode). */
export const MailboxMessageSchema = z
  .strictObject({
    id: z.string(),
    channel: z.enum(['email', 'sms']),
    /** E-mail address or E.164 phone number. */
    to: z.string(),
    subject: z.string().nullable(),
    text: z.string(),
    html: z.string().nullable(),
    /** The event the message was sent for (accounts.user.pin-issued...). */
    event_id: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'MailboxMessage' });
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

export const MailboxMessageListSchema = listOf(MailboxMessageSchema);
export type MailboxMessageList = z.infer<typeof MailboxMessageListSchema>;
