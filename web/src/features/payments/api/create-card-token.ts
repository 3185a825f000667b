import type { CardToken } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

/** The raw card, as the sandbox provider's tokeniser takes it (spec 3 §3 'Card fields'). Never sent elsewhere. */
export interface CardInput {
  card_number: string;
  cvv: string;
  /** `MM` and `YY` as split from the expiry (spec 3 §5). */
  month: string;
  year: string;
  holder_name: string;
}

/** `POST /payments/sandbox/tokens` (public): the card stays with the provider; the page keeps only the token id. */
export function createCardToken(card: CardInput): Promise<CardToken> {
  return unwrap(api.POST('/api/payments/sandbox/tokens', { body: card }));
}
