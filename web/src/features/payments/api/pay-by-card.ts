import type { PaymentAttempt } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

/** spec 3 §3 'Card fields', the billing variant. */
export interface BillingDetails {
  name: string;
  surname: string;
  email: string;
  phone: string;
  street_name: string;
  street_number: string;
  address2: string;
  suite: string;
  city: string;
  postal_code: string;
  state_code: string;
  country_code: string;
  reference: string;
}

export interface CardPaymentBody {
  /** A card token id or a saved card id. */
  source_id: string;
  msi_payments?: number;
  save_card?: boolean;
  billing_details?: BillingDetails;
  /** Where 3-D Secure sends the browser back (a path of this site). */
  return_path: string;
}

/** `POST /payment/{token}/order/card` with the pay action's Idempotency-Key → 201 PaymentAttempt (402 on a decline). */
export function payByCard(token: string, body: CardPaymentBody, key: string): Promise<PaymentAttempt> {
  return unwrap(api.POST('/api/payment/{token}/order/card', { params: { path: { token }, header: { 'Idempotency-Key': key } }, body }));
}
