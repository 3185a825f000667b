import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
// Also teaches happy-dom `document.fonts`, which Mantine's autosize textarea (the cancellation's description) listens to.
import { resetNotices } from '@/test/render-ui';
import { MY_ORDERS, orderList, purchaseOrder, quotedOrder } from './test/fixtures';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const ORDER = `${MY_ORDERS}/ord_1`;
const WAIT = { timeout: 10_000 };

const type = (testId: string, value: string) => {
  const field = screen.getByTestId(testId);
  const input = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field : field.querySelector('input, textarea')!;
  fireEvent.change(input, { target: { value } });
};

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
});

describe("the customer's order (spec 3 §2 /mis-compras/{order})", { timeout: 30_000 }, () => {
  it('shows the timeline with the spec’s labels, lines, totals, delivery data, ETA and tracking', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () => jsonResponse(200, purchaseOrder({ extra_charge_minor: 2500, extra_charge: '25.00' })),
    });
    renderApp('/mis-compras/ord_1');
    expect(await screen.findByText('Pedido #ORD_1', {}, WAIT)).toBeTruthy();
    const timeline = screen.getByTestId('order-timeline');
    expect(
      within(timeline)
        .getAllByText(/.+/, { selector: 'p' })
        .map((p) => p.textContent)
        .filter((text) => !/\d/.test(text ?? '')),
    ).toEqual(['En proceso', 'Por entregar', 'En tránsito', 'Entregada']);
    expect(screen.getByTestId('timeline-in_transit').getAttribute('data-status')).toBe('current');
    expect(screen.getAllByTestId('order-line')).toHaveLength(2);
    expect(screen.getByText('Color: Rojo')).toBeTruthy();
    expect(screen.getByTestId('order-subtotal').textContent).toBe('$1,134.50');
    expect(screen.getByTestId('order-shipping').textContent).toBe('$100.00');
    expect(screen.getByTestId('order-extra-charge').textContent).toBe('$25.00');
    expect(screen.getByTestId('order-grand-total').textContent).toBe('$1,234.50');
    expect(screen.getByText('Av. Juárez 10, Centro, Cuauhtémoc, CDMX, 06000')).toBeTruthy();
    expect(screen.getByTestId('order-eta').textContent).toBe('Entrega estimada: 28 nov 2026');
    expect(screen.getByTestId('order-tracking-number').textContent).toBe('Número de rastreo: EST123456');
    expect(screen.getByTestId('order-tracking-link').getAttribute('href')).toBe('https://tracking.example.com/EST123456');
    expect(screen.getByTestId('order-print-link').getAttribute('href')).toBe('/mis-compras/ord_1/imprimir');
    expect(screen.getByTestId('order-back').getAttribute('href')).toBe('/mis-compras');
  });

  it("says 'Orden no encontrada' for another customer's or a missing order", async () => {
    fakeApi({ ...SIGNED_IN, [`GET ${ORDER}`]: () => jsonResponse(404, { code: 'order_not_found', message: 'Order not found' }) });
    renderApp('/mis-compras/ord_1');
    expect(await screen.findByText('Orden no encontrada', {}, WAIT)).toBeTruthy();
  });

  it('opens the order made of a checkout when the address names the checkout, and acts on it by the order’s id', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${MY_ORDERS}/chk_01`]: () => jsonResponse(404, { code: 'order_not_found', message: 'Order not found' }),
      [`GET ${MY_ORDERS}/by-checkout/chk_01`]: () => jsonResponse(200, quotedOrder()),
      [`POST ${ORDER}/confirm`]: () => jsonResponse(201, quotedOrder({ state: 'in_process', actions: [] })),
    });
    renderApp('/mis-compras/chk_01');
    expect(await screen.findByText('Pedido #ORD_1', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`GET ${MY_ORDERS}/by-checkout/chk_01`)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar cotización' }));
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('En proceso'), WAIT);
    expect(api.callsTo(`POST ${ORDER}/confirm`)).toHaveLength(1);
  });

  it("says 'Error al obtener los detalles de la orden' when the read fails, and retries", async () => {
    let calls = 0;
    fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () =>
        ++calls === 1 ? jsonResponse(500, { code: 'internal_error', message: 'boom' }) : jsonResponse(200, purchaseOrder()),
    });
    renderApp('/mis-compras/ord_1');
    expect(await screen.findByText('Error al obtener los detalles de la orden', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Pedido #ORD_1', {}, WAIT)).toBeTruthy();
  });

  it('accepts the seller’s quote with an Idempotency-Key, and shows the new state', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () => jsonResponse(200, quotedOrder()),
      [`POST ${ORDER}/confirm`]: () => jsonResponse(201, quotedOrder({ state: 'in_process', actions: [] })),
    });
    renderApp('/mis-compras/ord_1');
    expect((await screen.findByTestId('order-quote', {}, WAIT)).textContent).toContain(
      'Entrega estimada el 1 dic 2026 con un costo de envío de $150.50',
    );
    expect(screen.getByTestId('order-shipping-cost').textContent).toBe('$150.50');
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar cotización' }));
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('En proceso'), WAIT);
    const [call] = api.callsTo(`POST ${ORDER}/confirm`);
    expect(call?.request.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(await screen.findByText('Listo: el pedido quedó En proceso', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('order-actions')).toBeNull();
  });

  it('confirms receipt of a shipped order', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () => jsonResponse(200, purchaseOrder()),
      [`POST ${ORDER}/next`]: () =>
        jsonResponse(
          201,
          purchaseOrder({
            state: 'delivered',
            actions: [],
            delivered_at: '2026-11-26T10:00:00.000Z',
            return_deadline: '2099-11-29T10:00:00.000Z',
          }),
        ),
    });
    renderApp('/mis-compras/ord_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar que lo recibí' }, WAIT));
    expect((await screen.findByTestId('order-return-deadline', {}, WAIT)).textContent).toMatch(/^Tienes hasta el 29 nov 2099/);
    expect(api.callsTo(`POST ${ORDER}/next`)).toHaveLength(1);
  });

  it('cancels through the modal: a reason is required, "other" needs a description of at most 500 characters; then lands on /shopping-cart/orders', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () => jsonResponse(200, quotedOrder()),
      [`DELETE ${ORDER}`]: () =>
        jsonResponse(
          200,
          quotedOrder({
            state: 'cancelled_by_customer',
            actions: [],
            cancellation: { reason: 'other', message: 'Ya no lo necesito', by: 'customer', at: '2026-11-26T10:00:00.000Z' },
          }),
        ),
      [`GET ${MY_ORDERS}`]: () => jsonResponse(200, orderList([])),
    });
    const { router } = renderApp('/mis-compras/ord_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }, WAIT));
    const modal = await screen.findByRole('dialog', {}, WAIT);
    const submit = within(modal).getByTestId('cancel-submit');
    fireEvent.click(submit);
    expect(await within(modal).findByText('Elige un motivo')).toBeTruthy();
    expect(
      within(modal)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label, div')?.textContent ?? ''),
    ).toHaveLength(5);
    for (const label of ['Solicitado por el cliente', 'No se puede surtir', 'Transacción duplicada', 'Sospecha de fraude', 'Otro motivo']) {
      expect(within(modal).getByLabelText(label)).toBeTruthy();
    }
    fireEvent.click(within(modal).getByLabelText('Otro motivo'));
    fireEvent.click(submit);
    expect(await within(modal).findByText('Describe el motivo de la cancelación')).toBeTruthy();
    type('cancel-message', 'x'.repeat(501));
    fireEvent.click(submit);
    expect(await within(modal).findByText('Escribe como máximo 500 caracteres')).toBeTruthy();
    expect(api.callsTo(`DELETE ${ORDER}`)).toHaveLength(0);

    type('cancel-message', 'Ya no lo necesito');
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/shopping-cart/orders'), WAIT);
    const [call] = api.callsTo(`DELETE ${ORDER}`);
    expect(call?.body).toEqual({ reason: 'other', message: 'Ya no lo necesito' });
    expect(call?.request.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Cancelaste el pedido', {}, WAIT)).toBeTruthy();
  });

  it('reports an order that was already cancelled, and reads it again', async () => {
    let reads = 0;
    fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () =>
        jsonResponse(
          200,
          ++reads === 1
            ? quotedOrder()
            : quotedOrder({
                state: 'cancelled_by_supplier',
                actions: [],
                cancellation: { reason: 'cannot_be_fulfilled', message: null, by: 'supplier', at: '2026-11-26T10:00:00.000Z' },
                refund: { status: 'pending', amount_minor: 123450, amount: '1234.50' },
              }),
        ),
      [`DELETE ${ORDER}`]: () => jsonResponse(409, { code: 'order_already_cancelled', message: 'The order was already cancelled' }),
    });
    renderApp('/mis-compras/ord_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }, WAIT));
    const modal = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(within(modal).getByLabelText('Solicitado por el cliente'));
    fireEvent.click(within(modal).getByTestId('cancel-submit'));
    expect(await screen.findByText('Este pedido ya estaba cancelado', {}, WAIT)).toBeTruthy();
    const cancellation = await screen.findByTestId('order-cancellation', {}, WAIT);
    expect(cancellation.textContent).toContain('Motivo: No se puede surtir');
    expect(within(cancellation).getByTestId('order-refund').textContent).toBe('Reembolso en proceso: $1,234.50');
    // the seller's own cancellation: no word about stock running out during the payment
    expect(within(cancellation).queryByTestId('order-cancelled-by-system')).toBeNull();
    expect(screen.getByTestId('timeline-cancelled_by_supplier').getAttribute('data-status')).toBe('cancelled');
  });

  it('says why the platform cancelled an order whose stock ran out while it was being paid', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () =>
        jsonResponse(
          200,
          quotedOrder({
            state: 'cancelled_by_supplier',
            actions: [],
            cancellation: { reason: 'cannot_be_fulfilled', message: null, by: 'system', at: '2026-11-26T10:00:00.000Z' },
            refund: { status: 'success', amount_minor: 123450, amount: '1234.50' },
          }),
        ),
    });
    renderApp('/mis-compras/ord_1');
    const cancellation = await screen.findByTestId('order-cancellation', {}, WAIT);
    expect(cancellation.textContent).toContain('Motivo: No se puede surtir');
    expect(within(cancellation).getByTestId('order-cancelled-by-system').textContent).toBe(
      'Las existencias se agotaron mientras se confirmaba el pago, así que el pedido no se pudo surtir.',
    );
    expect(within(cancellation).getByTestId('order-refund').textContent).toBe('Reembolsamos $1,234.50');
  });

  it('says when the tracking cannot be checked', async () => {
    fakeApi({ ...SIGNED_IN, [`GET ${ORDER}`]: () => jsonResponse(200, purchaseOrder({ tracking_status: 'failure' })) });
    renderApp('/mis-compras/ord_1');
    expect((await screen.findByTestId('order-tracking-failure', {}, WAIT)).textContent).toBe(
      'No pudimos consultar el rastreo del envío. Vuelve a intentarlo más tarde.',
    );
  });
});

describe('the print preview (spec 3 §2)', { timeout: 30_000 }, () => {
  it('shows delivery and invoicing data, totals and the tracking link, prints, and leads back to the order', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () =>
        jsonResponse(
          200,
          purchaseOrder({
            extra_charge_minor: 2500,
            invoicing: { rfc: 'PEAA800101AB1', name: 'Ana Pérez', tax_regime: '612', cfdi_use: 'G03', postal_code: '06000' },
          }),
        ),
    });
    // happy-dom has no window.print.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { configurable: true, writable: true, value: print });
    renderApp('/mis-compras/ord_1/imprimir');
    const invoicing = await screen.findByTestId('print-invoicing', {}, WAIT);
    expect(invoicing.textContent).toContain('RFC: PEAA800101AB1');
    expect(invoicing.textContent).toContain('Régimen fiscal: 612');
    expect(invoicing.textContent).toContain('Uso de CFDI: G03');
    expect(screen.getByText('Total de envío')).toBeTruthy();
    expect(screen.getByTestId('order-extra-charge').textContent).toBe('$25.00');
    expect(screen.getByTestId('order-tracking-link').getAttribute('href')).toBe('https://tracking.example.com/EST123456');
    expect(screen.getByTestId('print-back').getAttribute('href')).toBe('/mis-compras/ord_1');
    fireEvent.click(screen.getByTestId('print-button'));
    expect(print).toHaveBeenCalledOnce();
  });
});
