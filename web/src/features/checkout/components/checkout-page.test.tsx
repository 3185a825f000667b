import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authModal } from '@/lib/auth-modal-store';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import type { Address, Branch, Checkout } from '../api/types';
import type { CheckoutSearch } from '../lib/search';
import { checkoutFixture, CHECKOUT_ID, deliveryOptions, digitalLine, experienceLine, SHOP } from '../test/fixtures';
import { CheckoutPage, type PaymentSlot } from './checkout-page';

const CHECKOUT = `/api/checkout/${CHECKOUT_ID}`;
const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile({ phone: '5512345678', country: 'MX' })),
};
const CONTACT = { name: 'Ana Pérez', email: 'ana@example.com', phone: '5512345678', phone_country: 'MX' };
const ADDRESS: Address = {
  id: 'addr-1',
  address_name: 'Ana Pérez',
  address_phone: '5512345678',
  street_address: 'Av. Juárez 12',
  route: 'Av. Juárez',
  street_number: '12',
  country: 'MX',
  administrative_area_level_1: 'CMX',
  locality: 'Cuauhtémoc',
  sublocality: 'Centro',
  postal_code: '06000',
  formatted_address: 'Av. Juárez 12, Centro, 06000 Cuauhtémoc, Ciudad de México, México',
};
const BRANCH: Branch = {
  id: 'branch-1',
  name: 'Sucursal Centro',
  address: 'Madero 5, Centro',
  phone: '5511112222',
  state: 'CMX',
  postal_code: '06000',
};

/** The page inside a one-route router (its 'back to the shop' buttons are router links). */
function renderPage(
  search: CheckoutSearch,
  { now, onCheckoutChange = vi.fn(), payment }: { now?: () => number; onCheckoutChange?: (id: string) => void; payment?: PaymentSlot } = {},
) {
  const rootRoute = createRootRoute({
    component: () => <CheckoutPage shopSlug={SHOP} search={search} onCheckoutChange={onCheckoutChange} now={now} payment={payment} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [`/tienda/${SHOP}/comprar`] }) });
  renderUi(<RouterProvider router={router} />);
  return { onCheckoutChange };
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

beforeEach(() => {
  resetAccountState();
  sessionStorage.clear();
});
afterEach(resetAccountState);

describe('the single-page checkout (issue 11, spec 3 §2-§5)', { timeout: 30_000 }, () => {
  it('shows the expired message when the countdown ends, and restarts from the same cart order with an Idempotency-Key', async () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    const restarted = checkoutFixture({ id: 'chk_02' });
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture({ seconds_left: 600 })),
      'POST /api/shopping-carts/cart-1/checkout': () => jsonResponse(201, restarted),
    });
    const { onCheckoutChange } = renderPage({ checkout: CHECKOUT_ID }, { now });
    const countdown = await screen.findByTestId('checkout-countdown');
    expect(countdown.textContent).toMatch(/^(10:00|09:5\d)$/);

    offset = 601_000;
    expect(await screen.findByText('El tiempo para completar tu compra ha expirado', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('checkout-step-contact')).toBeNull();

    fireEvent.click(screen.getByTestId('checkout-restart'));
    await waitFor(() => expect(onCheckoutChange).toHaveBeenCalledWith('chk_02'));
    const [call] = api.callsTo('POST /api/shopping-carts/cart-1/checkout');
    expect(call?.body).toEqual({ supplier_id: 'supplier-1' });
    expect(call?.request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says why a restart was refused (spec 1 §8 cart checkout errors)', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture({ status: 'expired', seconds_left: 0 })),
      'POST /api/shopping-carts/cart-1/checkout': () =>
        jsonResponse(409, {
          code: 'insufficient_stock',
          message: 'x',
          adjusted: [{ item_id: 'item-product', requested: 2, amount: 1 }],
          unavailable: [],
        }),
    });
    renderPage({ checkout: CHECKOUT_ID });
    fireEvent.click(await screen.findByTestId('checkout-restart'));
    expect((await screen.findByTestId('checkout-restart-error')).textContent).toContain(
      'La cantidad solicitada es mayor al número de artículos disponibles',
    );
  });

  it('cannot reach ready-to-pay before contact and delivery; then shows the payment token', async () => {
    let checkout: Checkout = checkoutFixture();
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkout),
      [`PUT ${CHECKOUT}/contact`]: async (request) => {
        checkout = { ...checkout, contact: (await request.json()) as Checkout['contact'] };
        return jsonResponse(200, checkout);
      },
      'GET /api/checkout/addresses': () => jsonResponse(200, { results: [ADDRESS] }),
      [`GET ${CHECKOUT}/rates`]: () =>
        jsonResponse(200, {
          results: [
            {
              rate_id: 'r1',
              shipment_id: 's1',
              carrier: 'Estafeta',
              service: 'Terrestre',
              price: '149.00',
              price_minor: 14900,
              currency: 'MXN',
              days: 4,
            },
          ],
        }),
      [`PUT ${CHECKOUT}/broker`]: () => {
        checkout = {
          ...checkout,
          status: 'ready',
          address: ADDRESS,
          delivery: {
            type: 'broker',
            rate_id: 'r1',
            shipment_id: 's1',
            carrier: 'Estafeta',
            service: 'Terrestre',
            days: 4,
            price: '149.00',
            price_minor: 14900,
          },
          shipping: '149.00',
          shipping_minor: 14900,
          payment_token: 'pay_tok_123',
        };
        return jsonResponse(200, { token: 'pay_tok_123', checkout });
      },
    });
    renderPage({ checkout: CHECKOUT_ID });

    // Nothing but the contact can be filled yet; the payment part lists what is missing.
    const delivery = await screen.findByTestId('checkout-step-delivery');
    expect(within(delivery).getByText('Primero completa tus datos de contacto.')).toBeTruthy();
    const missing = screen.getByTestId('checkout-missing');
    expect(missing.textContent).toContain('Contacto');
    expect(missing.textContent).toContain('Método de entrega');
    expect(screen.queryByTestId('checkout-ready')).toBeNull();
    const types = screen.getAllByTestId('payment-type');
    expect(types.map((radio) => (radio as HTMLInputElement).disabled)).toEqual([true, true]);
    expect(screen.getByText('Completa los pasos anteriores para elegir cómo pagar.')).toBeTruthy();

    // The contact starts from the profile.
    await waitFor(() => expect(input('contact-email').value).toBe('ana@example.com'));
    type('contact-phone', '55 1234 5678');
    fireEvent.click(screen.getByTestId('contact-submit'));
    await screen.findByTestId('contact-summary');
    expect(api.callsTo(`PUT ${CHECKOUT}/contact`)[0]?.body).toEqual({ ...CONTACT, name: 'Ana Pérez' });
    expect(screen.queryByTestId('checkout-ready')).toBeNull();

    // Every method is offered: home delivery or pickup; at home the seller's shipping with its price and days up
    // front, and the courier's rate for the saved address.
    const modes = await screen.findByTestId('delivery-mode');
    expect(within(modes).getByText('Envío a domicilio')).toBeTruthy();
    expect(within(modes).getByText('Recoger en sucursal')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('address-option'));
    const fixed = screen.getByTestId('delivery-option-fixed');
    expect(fixed.textContent).toContain('Envío del vendedor');
    expect(fixed.textContent).toContain('$99.00');
    expect(fixed.textContent).toContain('Llega en 3 días');
    expect(screen.queryByTestId('delivery-date')).toBeNull();
    const rate = await screen.findByTestId('delivery-option-rate');
    expect(rate.textContent).toContain('Estafeta Terrestre');
    expect(rate.textContent).toContain('Llega en 4 días');
    expect(new URL(api.callsTo(`GET ${CHECKOUT}/rates`)[0]?.request.url ?? 'http://x/').searchParams.get('address_id')).toBe('addr-1');
    expect(screen.queryByTestId('checkout-ready')).toBeNull();
    fireEvent.click(rate);
    fireEvent.click(screen.getByTestId('delivery-confirm'));

    const ready = await screen.findByTestId('checkout-ready');
    expect(ready.textContent).toContain('Listo para pagar');
    expect(screen.getByTestId('checkout-payment-token').textContent).toBe('pay_tok_123');
    const [put] = api.callsTo(`PUT ${CHECKOUT}/broker`);
    expect(put?.body).toEqual({ rate_id: 'r1', shipment_id: 's1' });
    expect(put?.request.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByTestId('delivery-chosen').textContent).toContain('$149.00');
  });

  it('still asks for the date and time when the service answers scheduled_date_required to an unscheduled offer', async () => {
    const options = deliveryOptions({ fixed: { price: '99.00', price_minor: 9900, currency: 'MXN', days: 2 }, pickup: false });
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture({ contact: CONTACT, delivery_options: options })),
      'GET /api/checkout/addresses': () => jsonResponse(200, { results: [ADDRESS] }),
      [`GET ${CHECKOUT}/rates`]: () => jsonResponse(409, { code: 'no_shipping_options', message: 'x' }),
      [`PUT ${CHECKOUT}/fixed_delivery`]: async (request) => {
        const body = (await request.json()) as { scheduled_date?: string };
        if (!body.scheduled_date) return jsonResponse(400, { code: 'scheduled_date_required', message: 'x' });
        const delivery = {
          type: 'fixed' as const,
          days: 2,
          price: '99.00',
          price_minor: 9900,
          scheduled_date: '2099-12-24',
          scheduled_time: '10:00',
        };
        return jsonResponse(200, {
          token: 'tok_fixed',
          checkout: checkoutFixture({ contact: CONTACT, address: ADDRESS, delivery, payment_token: 'tok_fixed', status: 'ready' }),
        });
      },
    });
    renderPage({ checkout: CHECKOUT_ID });
    fireEvent.click(await screen.findByTestId('address-option'));
    fireEvent.click(await screen.findByTestId('delivery-option-fixed'));
    // Courier rates are offered but none reach here: no alarm while fixed shipping is offered.
    await waitFor(() => expect(api.callsTo(`GET ${CHECKOUT}/rates`)).toHaveLength(1));
    expect(screen.queryByTestId('delivery-rates-error')).toBeNull();
    expect(screen.queryByTestId('delivery-date')).toBeNull();
    fireEvent.click(screen.getByTestId('delivery-confirm'));
    expect((await screen.findByTestId('delivery-save-error')).textContent).toContain('Elige la fecha y la hora de entrega');

    type('delivery-date', '2099-12-24');
    type('delivery-time', '10:00');
    fireEvent.click(screen.getByTestId('delivery-confirm'));
    expect((await screen.findByTestId('checkout-payment-token')).textContent).toBe('tok_fixed');
    const puts = api.callsTo(`PUT ${CHECKOUT}/fixed_delivery`);
    expect(puts.map((call) => call.body)).toEqual([
      { address_id: 'addr-1' },
      { address_id: 'addr-1', scheduled_date: '2099-12-24', scheduled_time: '10:00' },
    ]);
    // The refused attempt settled its key: the corrected body is a new action with a new key.
    expect(puts[0]?.request.headers.get('Idempotency-Key')).not.toBe(puts[1]?.request.headers.get('Idempotency-Key'));
    expect(screen.getByTestId('delivery-chosen').textContent).toContain('2099-12-24 10:00');
  });

  it('shows the date and time from the start when the shipper schedules its fixed deliveries, and checks them before sending', async () => {
    const options = deliveryOptions({ scheduled: true, broker: false, pickup: false });
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture({ contact: CONTACT, delivery_options: options })),
      'GET /api/checkout/addresses': () => jsonResponse(200, { results: [ADDRESS] }),
      [`PUT ${CHECKOUT}/fixed_delivery`]: () => {
        const delivery = {
          type: 'fixed' as const,
          days: 3,
          price: '99.00',
          price_minor: 9900,
          scheduled_date: '2099-12-24',
          scheduled_time: '10:00',
        };
        return jsonResponse(200, {
          token: 'tok_sched',
          checkout: checkoutFixture({
            contact: CONTACT,
            address: ADDRESS,
            delivery,
            delivery_options: options,
            payment_token: 'tok_sched',
            status: 'ready',
          }),
        });
      },
    });
    renderPage({ checkout: CHECKOUT_ID });
    fireEvent.click(await screen.findByTestId('address-option'));
    // The seller's shipping is the only method: chosen already, its price and days shown, its date and time asked for.
    expect(screen.queryByTestId('delivery-mode')).toBeNull();
    const fixed = screen.getByTestId('delivery-option-fixed');
    expect(fixed.textContent).toContain('$99.00');
    expect(fixed.textContent).toContain('Llega en 3 días');
    expect(screen.getByText('Este vendedor entrega en la fecha y hora que elijas.')).toBeTruthy();
    expect(input('delivery-date')).toBeTruthy();
    expect(input('delivery-time')).toBeTruthy();

    fireEvent.click(screen.getByTestId('delivery-confirm'));
    expect(await screen.findByText('Elige una fecha a partir de hoy')).toBeTruthy();
    expect(screen.getByText('Elige la hora')).toBeTruthy();
    expect(api.callsTo(`PUT ${CHECKOUT}/fixed_delivery`)).toHaveLength(0);

    type('delivery-date', '2099-12-24');
    type('delivery-time', '10:00');
    fireEvent.click(screen.getByTestId('delivery-confirm'));
    expect((await screen.findByTestId('checkout-payment-token')).textContent).toBe('tok_sched');
    expect(api.callsTo(`PUT ${CHECKOUT}/fixed_delivery`).map((call) => call.body)).toEqual([
      { address_id: 'addr-1', scheduled_date: '2099-12-24', scheduled_time: '10:00' },
    ]);
    // No courier or branch was asked for: the shipper offers neither.
    expect(api.callsTo(`GET ${CHECKOUT}/rates`)).toHaveLength(0);
    expect(api.callsTo(`GET ${CHECKOUT}/correosar_branches`)).toHaveLength(0);
  });

  it('offers only pickup when that is all the shipper has: no address, no courier, straight to its branches', async () => {
    const options = deliveryOptions({ fixed: null, broker: false, pickup: true });
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture({ contact: CONTACT, delivery_options: options })),
      [`GET ${CHECKOUT}/correosar_branches`]: () => jsonResponse(200, { results: [BRANCH] }),
      [`PUT ${CHECKOUT}/pickup`]: () => {
        const delivery = { type: 'pickup' as const, agency_id: 'branch-1', days: 1, price: '0.00', price_minor: 0 };
        return jsonResponse(200, {
          token: 'tok_pickup',
          checkout: checkoutFixture({
            contact: CONTACT,
            delivery,
            delivery_options: options,
            payment_token: 'tok_pickup',
            status: 'ready',
          }),
        });
      },
    });
    renderPage({ checkout: CHECKOUT_ID });
    const branch = await screen.findByTestId('delivery-option-branch');
    expect(branch.textContent).toContain('Sucursal Centro');
    expect(screen.queryByTestId('delivery-mode')).toBeNull();
    expect(screen.queryByTestId('checkout-addresses')).toBeNull();
    expect(screen.queryByTestId('delivery-option-fixed')).toBeNull();
    fireEvent.click(branch);
    fireEvent.click(screen.getByTestId('delivery-confirm'));
    expect((await screen.findByTestId('checkout-payment-token')).textContent).toBe('tok_pickup');
    expect(api.callsTo(`PUT ${CHECKOUT}/pickup`)[0]?.body).toEqual({ agency_id: 'branch-1' });
    expect(screen.getByTestId('delivery-chosen').textContent).toContain('Recoges en Sucursal Centro');
    expect(api.callsTo('GET /api/checkout/addresses')).toHaveLength(0);
    expect(api.callsTo(`GET ${CHECKOUT}/rates`)).toHaveLength(0);
  });

  it('hides the seller’s shipping when the service answers fixed_delivery_not_available, leaving what is still offered', async () => {
    const options = deliveryOptions({ broker: false, pickup: true });
    fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture({ contact: CONTACT, delivery_options: options })),
      'GET /api/checkout/addresses': () => jsonResponse(200, { results: [ADDRESS] }),
      [`GET ${CHECKOUT}/correosar_branches`]: () => jsonResponse(200, { results: [BRANCH] }),
      [`PUT ${CHECKOUT}/fixed_delivery`]: () => jsonResponse(409, { code: 'fixed_delivery_not_available', message: 'x' }),
    });
    renderPage({ checkout: CHECKOUT_ID });
    expect(await screen.findByTestId('delivery-mode')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('address-option'));
    fireEvent.click(screen.getByTestId('delivery-confirm'));
    expect((await screen.findByTestId('delivery-save-error')).textContent).toContain(
      'Este vendedor no tiene opciones de envío disponibles',
    );
    expect(screen.queryByTestId('delivery-option-fixed')).toBeNull();
    expect(screen.queryByTestId('delivery-mode')).toBeNull();
    expect((await screen.findByTestId('delivery-option-branch')).textContent).toContain('Sucursal Centro');
  });

  it('says so when the shipper offers no way to deliver', async () => {
    const options = deliveryOptions({ fixed: null, broker: false, pickup: false });
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture({ contact: CONTACT, delivery_options: options })),
    });
    renderPage({ checkout: CHECKOUT_ID });
    expect((await screen.findByTestId('delivery-error')).textContent).toBe('Este vendedor no tiene opciones de envío disponibles');
    expect(api.callsTo(`GET ${CHECKOUT}/correosar_branches`)).toHaveLength(0);
    expect(screen.queryByTestId('checkout-ready')).toBeNull();
  });

  it('skips address and delivery when nothing ships, and is ready to pay with the token it was created with once contact is set', async () => {
    let checkout: Checkout = checkoutFixture({ lines: [digitalLine(1)], status: 'ready', payment_token: 'tok_digital' });
    expect(checkout.needs_delivery).toBe(false);
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkout),
      [`PUT ${CHECKOUT}/contact`]: async (request) => {
        checkout = { ...checkout, contact: (await request.json()) as Checkout['contact'] };
        return jsonResponse(200, checkout);
      },
    });
    renderPage({ checkout: CHECKOUT_ID });
    await screen.findByTestId('checkout-step-contact');
    expect(screen.queryByTestId('checkout-step-delivery')).toBeNull();
    expect(screen.queryByTestId('checkout-addresses')).toBeNull();
    expect(screen.getByTestId('checkout-summary-shipping').textContent).toBe('No necesita envío');
    const missing = screen.getByTestId('checkout-missing');
    expect(missing.textContent).toContain('Contacto');
    expect(missing.textContent).not.toContain('Método de entrega');
    expect(screen.queryByTestId('checkout-ready')).toBeNull();

    await waitFor(() => expect(input('contact-email').value).toBe('ana@example.com'));
    type('contact-phone', '55 1234 5678');
    fireEvent.click(screen.getByTestId('contact-submit'));
    const ready = await screen.findByTestId('checkout-ready');
    expect(ready.textContent).toContain('Listo para pagar');
    expect(screen.getByTestId('checkout-payment-token').textContent).toBe('tok_digital');
    expect(api.callsTo('GET /api/checkout/addresses')).toHaveLength(0);
    expect(api.callsTo(`GET ${CHECKOUT}/rates`)).toHaveLength(0);
    expect(api.callsTo(`GET ${CHECKOUT}/correosar_branches`)).toHaveLength(0);
  });

  it('hands a ready checkout to the payment UI the route wires in (issue 12), with its token, a re-fetch and the expiry', async () => {
    let reads = 0;
    fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => {
        reads += 1;
        return jsonResponse(200, checkoutFixture({ lines: [digitalLine(1)], contact: CONTACT, status: 'ready', payment_token: 'tok_pay' }));
      },
    });
    const payment: PaymentSlot = ({ token, refetch, expire }) => (
      <div data-testid="payment-slot">
        <span data-testid="slot-token">{token}</span>
        <button type="button" onClick={refetch} data-testid="slot-refetch">
          refetch
        </button>
        <button type="button" onClick={expire} data-testid="slot-expire">
          expire
        </button>
      </div>
    );
    renderPage({ checkout: CHECKOUT_ID }, { payment });
    expect((await screen.findByTestId('slot-token')).textContent).toBe('tok_pay');
    expect(screen.queryByTestId('checkout-ready')).toBeNull();
    expect(screen.queryByTestId('payment-type')).toBeNull();
    fireEvent.click(screen.getByTestId('slot-refetch'));
    await waitFor(() => expect(reads).toBe(2));
    fireEvent.click(screen.getByTestId('slot-expire'));
    expect(await screen.findByText('El tiempo para completar tu compra ha expirado')).toBeTruthy();
  });

  it('shows the courier errors the server answers for an address', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture({ contact: CONTACT })),
      'GET /api/checkout/addresses': () => jsonResponse(200, { results: [ADDRESS] }),
      [`GET ${CHECKOUT}/rates`]: () => jsonResponse(409, { code: 'no_rates_for_destination', message: 'x' }),
    });
    renderPage({ checkout: CHECKOUT_ID });
    fireEvent.click(await screen.findByTestId('address-option'));
    expect((await screen.findByTestId('delivery-rates-error')).textContent).toBe('No hay envíos disponibles para esta dirección');
  });

  it('asks for one attendee per experience ticket, reviewed, before payment', async () => {
    let checkout = checkoutFixture({ lines: [experienceLine(2)], needs_attendees: true, contact: CONTACT, payment_token: 'tok_exp' });
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkout),
      [`PUT ${CHECKOUT}/attendees`]: async (request) => {
        checkout = { ...checkout, attendees: ((await request.json()) as { attendees: Checkout['attendees'] }).attendees };
        return jsonResponse(200, checkout);
      },
    });
    renderPage({ checkout: CHECKOUT_ID });
    await screen.findByTestId('checkout-attendees');
    expect(screen.queryByTestId('checkout-step-delivery')).toBeNull();
    expect(screen.getByTestId('checkout-missing').textContent).toContain('Asistentes');
    const reviewed = input('attendees-reviewed');
    expect(reviewed.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('attendees-save'));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(api.callsTo(`PUT ${CHECKOUT}/attendees`)).toHaveLength(0);

    type('attendee-name-0', 'Ana Pérez');
    type('attendee-phone-0', '55 1234 5678');
    type('attendee-name-1', 'Luis Gómez');
    type('attendee-phone-1', '5587654321');
    fireEvent.click(screen.getByTestId('attendees-save'));
    await waitFor(() => expect(input('attendees-reviewed').disabled).toBe(false));
    expect(api.callsTo(`PUT ${CHECKOUT}/attendees`)[0]?.body).toEqual({
      attendees: [
        { full_name: 'Ana Pérez', phone: '5512345678' },
        { full_name: 'Luis Gómez', phone: '5587654321' },
      ],
    });
    expect(screen.queryByTestId('checkout-ready')).toBeNull();
    fireEvent.click(input('attendees-reviewed'));
    expect((await screen.findByTestId('checkout-payment-token')).textContent).toBe('tok_exp');
  });

  it('lets a guest give their contact and register to continue; an existing e-mail says so', async () => {
    const open = vi.spyOn(authModal, 'open');
    const api = fakeApi({
      'POST /api/auth/users/exist': async (request) => {
        const { username } = (await request.json()) as { username: string };
        return jsonResponse(200, { exist: username === 'ana@example.com' });
      },
    });
    renderPage({ checkout: CHECKOUT_ID }, {});
    await screen.findByTestId('checkout-guest');
    expect(api.callsTo(`GET ${CHECKOUT}`)).toHaveLength(0);
    // spec 3 §5: the phone country defaults to MX in Spanish, and the space key does nothing in the e-mail.
    expect(screen.getByTestId<HTMLInputElement>('contact-phone-country').value).toContain('MX');
    expect(fireEvent.keyDown(input('contact-email'), { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(input('contact-email'), { key: 'a' })).toBe(true);

    type('contact-name', 'Ana Pérez');
    type('contact-email', ' ana@example.com ');
    expect(input('contact-email').value).toBe('ana@example.com');
    type('contact-phone', '55 1234 5678 99 77');
    expect(input('contact-phone').value).toBe('551234567899');
    type('contact-phone', '55 1234 5678');
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('El usuario ya existe, por favor intenta con otro')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();

    type('contact-email', 'nueva@example.com');
    fireEvent.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('register', { withTitle: true, store: SHOP }));
    expect(JSON.parse(sessionStorage.getItem('vitrina.checkout.guest-contact') ?? '{}')).toMatchObject({
      email: 'nueva@example.com',
      phone: '5512345678',
    });
  });

  it('refuses an incomplete contact with the messages under the fields and sends nothing', async () => {
    const api = fakeApi({ ...SIGNED_IN, [`GET ${CHECKOUT}`]: () => jsonResponse(200, checkoutFixture()) });
    renderPage({ checkout: CHECKOUT_ID });
    await waitFor(() => expect(input('contact-email').value).toBe('ana@example.com'));
    type('contact-email', 'ana@');
    type('contact-phone', '12');
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('Escribe un correo válido, por ejemplo nombre@correo.com')).toBeTruthy();
    expect(screen.getByText('Escribe un teléfono válido, solo con números')).toBeTruthy();
    expect(api.callsTo(`PUT ${CHECKOUT}/contact`)).toHaveLength(0);
  });

  it('shows another account’s checkout as not found', async () => {
    fakeApi({ ...SIGNED_IN, [`GET ${CHECKOUT}`]: () => jsonResponse(404, { code: 'checkout_not_found', message: 'x' }) });
    renderPage({ checkout: CHECKOUT_ID });
    expect(await screen.findByText('No encontramos esta compra')).toBeTruthy();
  });
});
