import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { createI18n } from '@/i18n/i18n';
import { ensurePaymentsTexts, PAYMENTS_NS, type PaymentsT } from '../i18n/texts';
import { cardFailure, paymentFailure } from './errors';
import { failureMessage } from './notify';

function tFor(language: 'es' | 'en' | 'es-AR'): PaymentsT {
  const i18n = createI18n(language);
  ensurePaymentsTexts(i18n);
  return i18n.getFixedT(language, PAYMENTS_NS as never) as unknown as PaymentsT;
}

describe('payment error toasts (spec 3 §8 Payments)', () => {
  const t = tFor('es');
  const message = (error: unknown) => failureMessage(paymentFailure(error), t);

  it('shows our text for a known card code', () => {
    expect(message(new ApiError(402, 'card_insufficient_funds', 'Insufficient funds'))).toBe('Tu tarjeta no tiene fondos suficientes');
    expect(message(new ApiError(402, 'card_do_not_honor', 'x'))).toBe('Tu banco rechazó el pago; intenta con otra tarjeta');
    expect(message(new ApiError(402, 'card_expired', 'x'))).toBe('Tu tarjeta está vencida');
    expect(message(new ApiError(402, 'card_instalments_not_accepted', 'x'))).toBe(
      'La tarjeta no acepta pagos a meses; usa una tarjeta de crédito',
    );
    expect(message(new ApiError(402, 'payment_contact_bank', 'x'))).toBe('El intento de pago falló; comunícate con tu banco');
    expect(message(new ApiError(402, 'payment_attempt_failed', 'x'))).toBe('El intento de pago falló');
    expect(message(new ApiError(402, 'invalid_card', 'x'))).toBe('Revisa los datos de tu tarjeta');
    expect(message(new ApiError(400, 'invalid_card', 'x'))).toBe('Revisa los datos de tu tarjeta');
  });

  it("shows the server's message for a card code it does not know, and 'Ha ocurrido un error' without a code", () => {
    expect(message(new ApiError(402, 'card_lost_or_stolen', 'La tarjeta fue reportada'))).toBe('La tarjeta fue reportada');
    expect(failureMessage(cardFailure(null, null), t)).toBe('Ha ocurrido un error');
    expect(failureMessage(cardFailure('', 'anything'), t)).toBe('Ha ocurrido un error');
  });

  it('says to choose another method or try later when the payment could not start', () => {
    const startFailed = 'No pudimos iniciar el pago. Elige otro método de pago o inténtalo más tarde';
    expect(message(new ApiError(503, 'payment_setup_failed', 'provider down'))).toBe(startFailed);
    expect(message(new ApiError(0, 'network_error', 'offline'))).toBe(startFailed);
    expect(message(new ApiError(500, 'internal_error', 'boom'))).toBe(startFailed);
    expect(message(new Error('weird'))).toBe(startFailed);
  });

  it('names the checkout refusals', () => {
    expect(paymentFailure(new ApiError(409, 'checkout_already_paid', 'x'))).toEqual({
      kind: 'checkout',
      key: 'errors.checkout_already_paid',
      code: 'checkout_already_paid',
    });
    expect(message(new ApiError(409, 'checkout_expired', 'x'))).toBe('El tiempo para completar tu compra ha expirado');
    expect(message(new ApiError(409, 'checkout_not_ready', 'x'))).toBe('Completa los datos de tu compra antes de pagar');
  });

  it('speaks English and Argentine Spanish', () => {
    expect(failureMessage(paymentFailure(new ApiError(503, 'payment_setup_failed', 'x')), tFor('en'))).toBe(
      "We couldn't start the payment. Choose another payment method or try later",
    );
    expect(failureMessage(paymentFailure(new ApiError(503, 'payment_setup_failed', 'x')), tFor('es-AR'))).toBe(
      'No pudimos iniciar el pago. Elegí otro método de pago o intentá más tarde',
    );
    expect(failureMessage(cardFailure(null, null), tFor('en'))).toBe('An error occurred');
  });
});
