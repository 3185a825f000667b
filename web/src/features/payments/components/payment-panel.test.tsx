import type { PaymentAttempt } from '@vitrina/contracts';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { attempt, instalment, PAGE_PATH, paymentPage, savedCard, speiAttempt, TOKEN, voucherAttempt } from '../test/fixtures';
import { PaymentPanel, type PaymentPanelProps } from './payment-panel';

const RETURN_PATH = '/tienda/demo/comprar?checkout=chk_01&payment=pay_tok_1';
const TOKENS = 'POST /api/payments/sandbox/tokens';
const CARD = `POST ${PAGE_PATH}/order/card`;
const CARD_TOKEN = {
  id: 'tok_1',
  card: { brand: 'Visa', last4: '4242', type: 'credit', bank: 'Banco Sandbox', exp_month: 12, exp_year: 2030, name: 'Ana Pérez' },
};

function renderPanel(props: Partial<PaymentPanelProps> = {}) {
  const onPaid = vi.fn();
  const onRefused = vi.fn();
  const onRestart = vi.fn();
  const onCheckoutChanged = vi.fn();
  const redirect = vi.fn();
  renderUi(
    <PaymentPanel
      token={TOKEN}
      returnPath={RETURN_PATH}
      onPaid={onPaid}
      onRefused={onRefused}
      onRestart={onRestart}
      onCheckoutChanged={onCheckoutChanged}
      redirect={redirect}
      pollMs={30}
      {...props}
    />,
  );
  return { onPaid, onRefused, onRestart, onCheckoutChanged, redirect };
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

function fillCard(number = '4242 4242 4242 4242') {
  type('card-holder', 'Ana Pérez');
  type('card-number', number);
  type('card-expiry', '1230');
  type('card-cvv', '123');
}

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('the payment section (issue 12, spec 3 §2-§5, §8)', { timeout: 30_000 }, () => {
  it("offers the supplier's methods, and pays by a new card: tokenised first, then paid with an Idempotency-Key; the affiliate cookies go", async () => {
    document.cookie = 'referralID=ref-7; Path=/';
    document.cookie = 'campaign=verano; Path=/';
    document.cookie = 'clickID=click-1; Path=/';
    const api = fakeApi({
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['spei', 'cash', 'paypal', 'card'] })),
      [TOKENS]: () => jsonResponse(201, CARD_TOKEN),
      [CARD]: () => jsonResponse(201, attempt()),
    });
    const { onPaid } = renderPanel();
    const hide = vi.spyOn(notifications, 'hide');

    const methods = await screen.findByTestId('payment-methods');
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual([
      expect.stringContaining('Tarjeta de crédito o débito'),
      expect.stringContaining('PayPal'),
      expect.stringContaining('Efectivo en tiendas (OXXO…)'),
      expect.stringContaining('Transferencia SPEI'),
    ]);
    expect(screen.queryByTestId('card-form')).toBeNull();
    fireEvent.click(screen.getByTestId('payment-method-card'));
    expect(screen.getByTestId('payment-method-card').getAttribute('aria-checked')).toBe('true');

    // The sandbox lists its test cards.
    expect(screen.getByTestId('sandbox-cards').textContent).toContain('4000 0000 0000 9995');
    // Validation before anything is sent.
    fireEvent.click(screen.getByTestId('pay-submit'));
    expect((await screen.findAllByText('Este campo es obligatorio')).length).toBeGreaterThan(0);
    expect(api.callsTo(TOKENS)).toHaveLength(0);

    fillCard('4242 4242 4242 4242 999');
    expect(input('card-number').value).toBe('4242 4242 4242 4242 999');
    type('card-number', '4242424242424242');
    expect(input('card-number').value).toBe('4242 4242 4242 4242');
    expect(input('card-expiry').value).toBe('12/30');
    fireEvent.click(screen.getByTestId('card-save'));
    expect(screen.getByTestId('pay-submit').textContent).toContain('Pagar $500.00');
    fireEvent.click(screen.getByTestId('pay-submit'));

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(onPaid.mock.calls[0]?.[0]).toMatchObject({ id: 'att_1', status: 'succeeded' });
    // An earlier attempt's error toast, if one is still up, goes: it must not sit on the thank-you page.
    expect(hide).toHaveBeenCalledWith('payment-failure');
    expect(hide).toHaveBeenCalledWith('payment-timeout');
    expect(api.callsTo(TOKENS)[0]?.body).toEqual({
      card_number: '4242424242424242',
      cvv: '123',
      month: '12',
      year: '30',
      holder_name: 'Ana Pérez',
    });
    const [pay] = api.callsTo(CARD);
    expect(pay?.body).toEqual({ source_id: 'tok_1', save_card: true, return_path: RETURN_PATH });
    expect(pay?.request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The raw card never reaches the payment route.
    expect(JSON.stringify(pay?.body)).not.toContain('4242424242424242');
    expect(document.cookie).not.toContain('referralID');
    expect(document.cookie).not.toContain('campaign');
    expect(document.cookie).not.toContain('clickID');
  });

  it('shows the MSI options with their monthly amount and financing cost, and pays a saved card in months', async () => {
    const page = paymentPage({
      enabled_payment_types: ['card'],
      msi_options: [instalment(3, 50000), instalment(6, 50000, 1000)],
      saved_cards: [savedCard(), savedCard({ id: 'card_debit', type: 'debit', termination: '5556', accepts_instalments: false })],
    });
    const api = fakeApi({ [`GET ${PAGE_PATH}`]: () => jsonResponse(200, page), [CARD]: () => jsonResponse(201, attempt()) });
    const { onPaid } = renderPanel();

    // One method: chosen already. The first saved card is picked.
    const options = await screen.findAllByTestId('msi-option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Un solo pago de $500.00',
      '3 meses de $166.67Sin intereses · Total $500.00',
      '6 meses de $93.34Costo de financiamiento $60.00 · Total $560.00',
    ]);
    expect(screen.getAllByTestId('saved-card').map((c) => c.textContent)).toEqual([
      'Visa •••• 4242Crédito · Banco Sandbox · Vence 12/30',
      'Visa •••• 5556Débito · Banco Sandbox · Vence 12/30',
    ]);
    expect(screen.queryByTestId('new-card')).toBeNull();

    // A debit card cannot pay in months.
    fireEvent.click(screen.getAllByTestId('saved-card')[1] as HTMLElement);
    expect(screen.getByText('Los pagos a meses solo se pueden hacer con tarjeta de crédito.')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('saved-card')[0] as HTMLElement);

    fireEvent.click(options[2] as HTMLElement);
    expect(screen.getByTestId('pay-submit').textContent).toContain('Pagar $560.00');
    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(api.callsTo(CARD)[0]?.body).toEqual({ source_id: 'card_saved_1', msi_payments: 6, return_path: RETURN_PATH });
    expect(api.callsTo(TOKENS)).toHaveLength(0);
  });

  it('sends the browser to 3-D Secure when the card asks for it', async () => {
    const url = 'https://sandbox.example/3ds/att_1';
    fakeApi({
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['card'], saved_cards: [savedCard()] })),
      [CARD]: () =>
        jsonResponse(
          201,
          attempt({ status: 'requires_action', requires_action: true, url_3ds: url, next_action: { redirect_to_url: { url } } }),
        ),
    });
    const { redirect, onPaid } = renderPanel();
    fireEvent.click(await screen.findByTestId('pay-submit'));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(url));
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("shows a decline's message in a top-right error toast for 5 s and fetches the checkout again", async () => {
    const show = vi.spyOn(notifications, 'show');
    const api = fakeApi({
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['card'] })),
      [TOKENS]: () => jsonResponse(201, CARD_TOKEN),
      [CARD]: () => jsonResponse(402, { code: 'card_insufficient_funds', message: 'Insufficient funds', details: { attempt_id: 'att_9' } }),
    });
    const { onRefused, onPaid } = renderPanel();
    await screen.findByTestId('card-form');
    fillCard('4000 0000 0000 9995');
    fireEvent.click(screen.getByTestId('pay-submit'));

    expect(await screen.findByText('Tu tarjeta no tiene fondos suficientes')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', position: 'top-right', autoClose: 5_000, message: 'Tu tarjeta no tiene fondos suficientes' }),
    );
    expect(onRefused).toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
    await waitFor(() => expect(api.callsTo(`GET ${PAGE_PATH}`).length).toBeGreaterThanOrEqual(2));
    // The button is free again for another card.
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('pay-submit').disabled).toBe(false));
  });

  it('tells the shopper to choose another method when the provider cannot be reached', async () => {
    fakeApi({
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['card'], saved_cards: [savedCard()] })),
      [CARD]: () => jsonResponse(503, { code: 'payment_setup_failed', message: 'down' }),
    });
    const { onRefused } = renderPanel();
    fireEvent.click(await screen.findByTestId('pay-submit'));
    expect(await screen.findByText('No pudimos iniciar el pago. Elige otro método de pago o inténtalo más tarde')).toBeTruthy();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('shows the fallback toast when a start does not answer in time; pressing pay again reuses the card token and the Idempotency-Key', async () => {
    let release: (response: Response) => void = () => {};
    let calls = 0;
    const api = fakeApi({
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['card'] })),
      [TOKENS]: () => jsonResponse(201, CARD_TOKEN),
      [CARD]: () => {
        calls += 1;
        if (calls === 1) return new Promise<Response>((resolve) => (release = resolve));
        return jsonResponse(201, attempt());
      },
    });
    const { onPaid } = renderPanel({ fallbackMs: 150 });
    await screen.findByTestId('card-form');
    fillCard();
    fireEvent.click(screen.getByTestId('pay-submit'));
    expect(screen.getByTestId<HTMLButtonElement>('pay-submit').disabled).toBe(true);

    expect(await screen.findByText('El intento falló y no se pudo completar la transacción')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('pay-submit').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const pays = api.callsTo(CARD);
    expect(pays).toHaveLength(2);
    expect(pays[1]?.request.headers.get('Idempotency-Key')).toBe(pays[0]?.request.headers.get('Idempotency-Key'));
    expect(api.callsTo(TOKENS)).toHaveLength(1);
    release(jsonResponse(201, attempt()));
  });

  it('sends PayPal to its approval page with the return and cancel paths, and aplazo with the chosen plan', async () => {
    const approval = 'https://sandbox.example/approve/att_2';
    const api = fakeApi({
      [`GET ${PAGE_PATH}`]: () =>
        jsonResponse(
          200,
          paymentPage({
            enabled_payment_types: ['paypal', 'aplazo'],
            deferred_options: [instalment(4, 50000, 2500), instalment(8, 50000, 3000)],
          }),
        ),
      [`POST ${PAGE_PATH}/order/paypal`]: () =>
        jsonResponse(201, attempt({ method: 'paypal', status: 'requires_action', approval_url: approval })),
      [`POST ${PAGE_PATH}/order/aplazo`]: () =>
        jsonResponse(201, attempt({ method: 'aplazo', status: 'requires_action', approval_url: approval })),
    });
    const { redirect } = renderPanel();
    fireEvent.click(await screen.findByTestId('payment-method-paypal'));
    expect(screen.getByTestId('pay-submit').textContent).toBe('Continuar a PayPal');
    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(approval));
    const [paypal] = api.callsTo(`POST ${PAGE_PATH}/order/paypal`);
    expect(paypal?.body).toEqual({ return_path: RETURN_PATH, cancel_path: RETURN_PATH });
    expect(paypal?.request.headers.get('Idempotency-Key')).toBeTruthy();

    fireEvent.click(screen.getByTestId('payment-method-aplazo'));
    const plans = screen.getAllByTestId('plan-option');
    expect(plans.map((p) => p.textContent)).toEqual([
      '4 pagos de $150.00Costo de financiamiento $100.00 · Total $600.00',
      '8 pagos de $92.50Costo de financiamiento $240.00 · Total $740.00',
    ]);
    fireEvent.click(plans[1] as HTMLElement);
    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(api.callsTo(`POST ${PAGE_PATH}/order/aplazo`)).toHaveLength(1));
    expect(api.callsTo(`POST ${PAGE_PATH}/order/aplazo`)[0]?.body).toEqual({
      return_path: RETURN_PATH,
      cancel_path: RETURN_PATH,
      instalments: 8,
    });
  });

  it('gives a cash voucher (reference, barcode, amount, expiry, stores, print) and moves on once it is paid', async () => {
    const voucher = voucherAttempt();
    let polls = 0;
    const api = fakeApi({
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['cash', 'spei'] })),
      [`POST ${PAGE_PATH}/order/cash`]: () => jsonResponse(201, voucher),
      [`GET ${PAGE_PATH}/attempts/att_cash`]: () => {
        polls += 1;
        return jsonResponse(200, polls < 2 ? voucher : { ...voucher, status: 'succeeded' });
      },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { onPaid, onCheckoutChanged } = renderPanel();
    fireEvent.click(await screen.findByTestId('payment-method-cash'));
    fireEvent.click(screen.getByTestId('pay-submit'));

    expect((await screen.findByTestId('voucher-reference')).textContent).toBe('98765432101234');
    // The start extended the checkout's hold: the checkout (and its countdown) is read again.
    expect(onCheckoutChanged).toHaveBeenCalled();
    expect(screen.getByTestId('voucher-amount').textContent).toBe('$500.00');
    expect(screen.getByTestId('voucher-expires').textContent).toContain('2026');
    expect(screen.getByTestId('voucher-stores').textContent).toContain('OXXO');
    const barcode = screen.getByTestId('voucher-barcode');
    expect(barcode.getAttribute('aria-label')).toBe('Código de barras de la referencia 98765432101234');
    expect(barcode.querySelectorAll('g rect').length).toBeGreaterThan(10);
    expect(screen.getByTestId('sandbox-simulate').getAttribute('href')).toBe('/api/payments/sandbox/vouchers/98765432101234');
    expect(api.callsTo(`POST ${PAGE_PATH}/order/cash`)[0]?.body).toEqual({});
    fireEvent.click(screen.getByTestId('voucher-print'));
    expect(print).toHaveBeenCalled();

    await waitFor(() => expect(onPaid).toHaveBeenCalled(), { timeout: 5_000 });
    expect(onPaid.mock.calls[0]?.[0]).toMatchObject({ status: 'succeeded', method: 'cash' });
  });

  it('gives the SPEI details with a copy button and a 1-hour countdown; at zero the transfer has expired and the purchase restarts', async () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    const spei = speiAttempt(new Date(Date.now() + 3_600_000).toISOString());
    fakeApi({
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['spei'] })),
      [`POST ${PAGE_PATH}/order/spei`]: () => jsonResponse(201, spei),
      [`GET ${PAGE_PATH}/attempts/att_spei`]: () => jsonResponse(200, spei),
    });
    const { onRestart } = renderPanel({ now, pollMs: 1_000 });
    expect((await screen.findByTestId('pay-submit')).textContent).toBe('Generar datos para transferir');
    fireEvent.click(screen.getByTestId('pay-submit'));

    expect((await screen.findByTestId('spei-clabe')).textContent).toBe('646180157000000004');
    expect(screen.getByTestId('spei-reference').textContent).toBe('1234567');
    expect(screen.getByTestId('spei-bank').textContent).toBe('STP');
    expect(screen.getByTestId('spei-beneficiary').textContent).toBe('Vitrina Pagos');
    expect(screen.getByTestId('spei-amount').textContent).toBe('$500.00');
    expect(screen.getByTestId('spei-clabe-copy').getAttribute('aria-label')).toBe('Copiar CLABE');
    expect(screen.getByTestId('spei-countdown').textContent).toMatch(/^(1:00:00|59:5\d)$/);
    expect(screen.getByTestId('sandbox-simulate').getAttribute('href')).toBe('/api/payments/sandbox/transfers/646180157000000004');

    offset = 3_540_000;
    await waitFor(() => expect(screen.getByTestId('spei-countdown').textContent).toMatch(/^0[01]:\d\d$/), { timeout: 3_000 });
    offset = 3_601_000;
    expect(await screen.findByText('La transferencia expiró', {}, { timeout: 3_000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('spei-restart'));
    expect(onRestart).toHaveBeenCalled();
  });

  it('shows a voucher still to pay again after a reload', async () => {
    fakeApi({
      [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ enabled_payment_types: ['cash'], attempt: voucherAttempt() })),
      [`GET ${PAGE_PATH}/attempts/att_cash`]: () => jsonResponse(200, voucherAttempt()),
    });
    renderPanel({ pollMs: 10_000 });
    expect((await screen.findByTestId('voucher-reference')).textContent).toBe('98765432101234');
    fireEvent.click(screen.getByTestId('payment-other-method'));
    expect(await screen.findByTestId('payment-methods')).toBeTruthy();
  });

  it('has loading, not-found, error and no-method states', async () => {
    fakeApi({ [`GET ${PAGE_PATH}`]: () => jsonResponse(404, { code: 'payment_not_found', message: 'x' }) });
    renderPanel();
    expect(screen.getByTestId('payment-loading')).toBeTruthy();
    expect((await screen.findByTestId('payment-not-found')).textContent).toContain('No encontramos este pago');
  });

  it('offers a retry when the payment page fails to load, and says when there is nothing to pay with', async () => {
    let fail = true;
    fakeApi({
      [`GET ${PAGE_PATH}`]: () =>
        fail ? jsonResponse(500, { code: 'internal_error', message: 'x' }) : jsonResponse(200, paymentPage({ enabled_payment_types: [] })),
    });
    renderPanel();
    expect(await screen.findByText('No pudimos cargar los métodos de pago')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button'));
    expect((await screen.findByTestId('payment-no-methods')).textContent).toBe('Este vendedor aún no tiene métodos de pago.');
  });

  it('goes straight on when the checkout was already paid (another tab, the webhook first)', async () => {
    const paid: PaymentAttempt = attempt();
    fakeApi({ [`GET ${PAGE_PATH}`]: () => jsonResponse(200, paymentPage({ checkout_status: 'paid', attempt: paid })) });
    const { onPaid } = renderPanel();
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid, expect.objectContaining({ checkout_status: 'paid' })));
  });
});
