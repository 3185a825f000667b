import { Injectable } from '@nestjs/common';
import { PaymentErrorCodes, REDIRECT_METHODS, type CardToken } from '@vitrina/contracts';
import { ConflictError, NotFoundError } from '@vitrina/platform';
import { Clock } from '../../../shared/clock.js';
import { tokeniseCard, type CardInput } from './domain/sandbox-cards.js';
import { SandboxFailures, fail, isOverdue, succeed } from './domain/sandbox-payment.js';
import { SandboxBooks, type SandboxEntry } from './sandbox.books.js';

export type OfflineMethod = 'cash' | 'spei';

/** What paying a voucher or a transfer did. */
export type OfflinePayment = { outcome: 'paid' | 'already_paid'; entry: SandboxEntry };

const notFound = () => new NotFoundError('No such sandbox payment', PaymentErrorCodes.paymentNotFound);

/**
 * What the shopper does on the provider's side (issue 12): tokenise a card, pass or fail a 3-D Secure challenge,
 * approve or cancel a redirect payment, pay a voucher at the store or a transfer from the bank. Each is a change of
 * the sandbox's books, with its webhook; repeating one after the payment moved on changes nothing.
 */
@Injectable()
export class SandboxShopperActions {
  constructor(
    private readonly books: SandboxBooks,
    private readonly clock: Clock,
  ) {}

  /** The client-side tokeniser: checks the card, keeps what it behaves like (never the number nor the cvv). */
  async tokenise(input: CardInput): Promise<CardToken> {
    const token = await this.books.createToken(tokeniseCard(input ?? {}, this.clock.now()));
    return {
      id: token.id,
      card: {
        brand: token.brand,
        last4: token.last4,
        type: token.type === 'debit' ? 'debit' : 'credit',
        bank: token.bank,
        exp_month: token.expMonth,
        exp_year: token.expYear,
        name: token.name,
      },
    };
  }

  async payment(id: string): Promise<SandboxEntry> {
    const entry = await this.books.find(id);
    if (!entry) throw notFound();
    return entry;
  }

  /** The 3-D Secure challenge: passed, the card is charged; failed, the payment fails `payment_contact_bank`. */
  async authenticate(id: string, approve: boolean): Promise<SandboxEntry> {
    const entry = await this.books.transition(id, (row) => {
      if (row.method !== 'card' || row.status !== 'requires_action') return null;
      return approve ? succeed(row) : fail(SandboxFailures.threeDsFailed);
    });
    if (!entry) throw notFound();
    return entry;
  }

  /**
   * The approval page of PayPal, Mobbex or Aplazo: approved, PayPal waits for complete() (its capture) while Mobbex and
   * Aplazo take the money at once; cancelled, the payment is canceled.
   */
  async decide(id: string, approve: boolean): Promise<SandboxEntry> {
    const entry = await this.books.transition(id, (row) => {
      if (!(REDIRECT_METHODS as readonly string[]).includes(row.method) || row.status !== 'requires_action') return null;
      if (!approve) return { status: 'canceled' };
      return row.method === 'paypal' ? { status: 'approved' } : succeed(row);
    });
    if (!entry) throw notFound();
    return entry;
  }

  /** A voucher (by its store reference) or a transfer (by its CLABE); past its deadline it is expired now. */
  async offline(method: OfflineMethod, reference: string): Promise<SandboxEntry> {
    const found = await this.books.findByReference(method, reference);
    if (!found) throw notFound();
    if (!isOverdue(found.row, this.clock.now())) return found;
    const entry = await this.books.transition(found.row.id, (row, now) => (isOverdue(row, now) ? { status: 'expired' } : null));
    return entry ?? found;
  }

  /**
   * The shopper pays at the store or sends the transfer: a waiting one succeeds; a paid one is left as it is;
   * one past its deadline is refused 409 `payment_expired`, a cancelled one 409 `payment_not_payable`.
   */
  async payOffline(method: OfflineMethod, reference: string): Promise<OfflinePayment> {
    const found = await this.books.findByReference(method, reference);
    if (!found) throw notFound();
    const entry = await this.books.transition(found.row.id, (row, now) => {
      if (isOverdue(row, now)) return { status: 'expired' };
      return row.status === 'processing' ? succeed(row) : null;
    });
    if (!entry) throw notFound();
    if (entry.row.status === 'succeeded') return { outcome: found.row.status === 'succeeded' ? 'already_paid' : 'paid', entry };
    if (entry.row.status === 'expired')
      throw new ConflictError('payment_expired', 'The payment is past its deadline and can no longer be paid');
    throw new ConflictError('payment_not_payable', `A ${entry.row.status} payment cannot be paid`);
  }
}
