import { z } from 'zod';
import { PAYMENT_METHODS } from '@vitrina/contracts';
import { SANDBOX_STATUSES } from '../domain/sandbox-payment.js';

/** A sandbox voucher's or transfer's state, as its pay route answers it in JSON (tests and scripts pay this way). */
export const SandboxOfflinePaymentSchema = z
  .object({
    id: z.string(),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(SANDBOX_STATUSES),
    /** The voucher's store reference, or the transfer's CLABE. */
    reference: z.string(),
    amount_minor: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    expires_at: z.string(),
    charge_id: z.string().nullable(),
  })
  .meta({ id: 'SandboxOfflinePayment' });
export type SandboxOfflinePayment = z.infer<typeof SandboxOfflinePaymentSchema>;
