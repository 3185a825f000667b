import type { PaymentAttempt, RedirectMethod } from '@vitrina/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/api/client';
import { createCardToken, type CardInput } from '../api/create-card-token';
import { paymentKeys } from '../api/keys';
import { payByCard, type BillingDetails, type CardPaymentBody } from '../api/pay-by-card';
import { startCashPayment } from '../api/start-cash-payment';
import { startRedirectPayment } from '../api/start-redirect-payment';
import { startSpeiPayment } from '../api/start-spei-payment';
import { clearAffiliateCookies } from '../lib/affiliate-cookies';
import { cardFailure, paymentFailure, type PaymentFailure } from '../lib/errors';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { clearPaymentFailure, notifyPaymentFailure, notifyPaymentTimeout, PAYMENT_FALLBACK_MS } from '../lib/notify';
import type { PaymentsT } from '../i18n/texts';

export type CardSource = { kind: 'saved'; id: string } | { kind: 'new'; input: CardInput };

/** One press of a pay button. */
export type PayRequest =
  | { method: 'card'; source: CardSource; msi: number | null; saveCard: boolean; billing: BillingDetails | null }
  | { method: RedirectMethod; instalments: number | null }
  | { method: 'cash' }
  | { method: 'spei' };

export interface PayOptions {
  token: string;
  /** A path of this site that 3-D Secure and approval pages come back to (the server appends payment_attempt). */
  returnPath: string;
  t: PaymentsT;
  onPaid: (attempt: PaymentAttempt) => void;
  /** A voucher, a transfer or a confirmation still to wait for. */
  onPending: (attempt: PaymentAttempt) => void;
  /** A refusal changed what the checkout can do: re-fetch it and its token (spec 3 §4 step 6). */
  onRefused?: (failure: PaymentFailure) => void;
  /** Sends the browser away (3-D Secure, approval pages); `window.location.assign` unless a test says otherwise. */
  redirect: (url: string) => void;
  /** spec 3 §8: 55 s (shorter in tests). */
  fallbackMs?: number;
}

/** Where an attempt wants the browser to go next (3-D Secure, or a redirect method's approval page). */
export function nextUrl(attempt: PaymentAttempt): string | null {
  return attempt.url_3ds ?? attempt.next_action?.redirect_to_url.url ?? attempt.approval_url ?? null;
}

/** The same card typed again reuses its token while its pay action is unanswered (a retry must not charge twice). */
function fingerprint(input: CardInput): string {
  return [input.card_number, input.month, input.year, input.cvv, input.holder_name].join('|');
}

/**
 * The pay flow of spec 3 §4 steps 3-6: tokenise a new card, start the payment with one Idempotency-Key per pay
 * action, then follow the answer (paid; 3-D Secure or approval redirect; voucher or transfer to show; refusal toast
 * and a re-fetch). A start silent for 55 s shows the fallback toast and frees the button; its key stays, so pressing
 * pay again asks the server for the same attempt instead of a second charge.
 */
export function usePay({ token, returnPath, t, onPaid, onPending, onRefused, redirect, fallbackMs = PAYMENT_FALLBACK_MS }: PayOptions) {
  const queryClient = useQueryClient();
  const [keys] = useState(() => new IdempotencyKeys());
  const cardToken = useRef<{ fingerprint: string; id: string } | null>(null);
  const [paying, setPaying] = useState(false);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const follow = (attempt: PaymentAttempt) => {
    if (attempt.status === 'failed' || attempt.status === 'canceled' || attempt.status === 'expired') {
      const failure = cardFailure(attempt.error?.code, attempt.error?.message);
      notifyPaymentFailure(failure, t);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.page(token) });
      onRefused?.(failure);
      return;
    }
    // The attempt went through: an earlier attempt's error toast no longer applies.
    clearPaymentFailure();
    // spec 3 §4 step 4: a payment that started (or completed) clears the affiliate cookies.
    clearAffiliateCookies();
    if (attempt.status === 'succeeded') {
      onPaid(attempt);
      return;
    }
    const url = nextUrl(attempt);
    if (url && (attempt.requires_action || attempt.approval_url)) {
      redirect(url);
      return;
    }
    onPending(attempt);
  };

  const start = async (request: PayRequest, action: string): Promise<PaymentAttempt> => {
    switch (request.method) {
      case 'card': {
        let sourceId: string;
        if (request.source.kind === 'saved') sourceId = request.source.id;
        else {
          const print = fingerprint(request.source.input);
          const known = cardToken.current;
          if (known && known.fingerprint === print && keys.isPending(action)) sourceId = known.id;
          else {
            const created = await createCardToken(request.source.input);
            cardToken.current = { fingerprint: print, id: created.id };
            sourceId = created.id;
          }
        }
        const body: CardPaymentBody = {
          source_id: sourceId,
          ...(request.msi ? { msi_payments: request.msi } : {}),
          ...(request.saveCard && request.source.kind === 'new' ? { save_card: true } : {}),
          ...(request.billing ? { billing_details: request.billing } : {}),
          return_path: returnPath,
        };
        return payByCard(token, body, keys.keyFor(action, body));
      }
      case 'paypal':
      case 'mobbex':
      case 'aplazo': {
        const body = {
          return_path: returnPath,
          cancel_path: returnPath,
          ...(request.method === 'aplazo' && request.instalments ? { instalments: request.instalments } : {}),
        };
        return startRedirectPayment(token, request.method, body, keys.keyFor(action, body));
      }
      case 'cash':
        return startCashPayment(token, keys.keyFor(action, {}));
      case 'spei':
        return startSpeiPayment(token, keys.keyFor(action, {}));
    }
  };

  const pay = async (request: PayRequest): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPaying(true);
    const action = `pay:${request.method}`;
    let timedOut = false;
    const fallback = setTimeout(() => {
      timedOut = true;
      notifyPaymentTimeout(t);
      inFlight.current = false;
      if (mounted.current) setPaying(false);
    }, fallbackMs);
    try {
      const attempt = await start(request, action);
      keys.settle(action);
      cardToken.current = null;
      follow(attempt);
    } catch (error) {
      const retryable = !isApiError(error) || isRetryable(error.status, error.code);
      if (!retryable) {
        keys.settle(action);
        cardToken.current = null;
      }
      if (!timedOut) {
        const failure = paymentFailure(error);
        notifyPaymentFailure(failure, t);
        void queryClient.invalidateQueries({ queryKey: paymentKeys.page(token) });
        if (failure.kind !== 'start') onRefused?.(failure);
      }
    } finally {
      clearTimeout(fallback);
      if (!timedOut) {
        inFlight.current = false;
        if (mounted.current) setPaying(false);
      }
    }
  };

  return { pay, paying };
}
