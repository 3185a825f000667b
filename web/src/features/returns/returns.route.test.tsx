import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { resetNotices } from '@/test/render-ui';
import { formatDateTime } from './lib/format';
import { DS_RETURNS, MY_RETURNS, returnLabel, returnList, returnRequest, returnSummary, SELLER_RETURNS } from './test/fixtures';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const WAIT = { timeout: 10_000 };
const statusOf = (request: Request) => new URL(request.url).searchParams.get('status');
const offsetOf = (request: Request) => Number(new URL(request.url).searchParams.get('offset'));

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

describe('the return lists (Abiertas / Cerradas, Cargar más)', { timeout: 30_000 }, () => {
  it("lists the customer's open requests, pages with 'Cargar más', and filters the closed ones", async () => {
    const page = Array.from({ length: 20 }, (_, n) => returnSummary({ id: `ret_${n + 1}`, summary: `Artículo ${n + 1}` }));
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${MY_RETURNS}`]: (request) =>
        statusOf(request) === 'closed'
          ? jsonResponse(200, returnList([]))
          : jsonResponse(
              200,
              offsetOf(request) === 0 ? returnList(page, 21) : returnList([returnSummary({ id: 'ret_21', summary: 'Artículo 21' })], 21),
            ),
    });
    renderApp('/mis-compras/devoluciones');
    await waitFor(() => expect(screen.getAllByTestId('return-row')).toHaveLength(20), WAIT);
    expect(screen.getAllByTestId('return-row')[0]!.getAttribute('href')).toBe('/mis-compras/devoluciones/ret_1');
    expect(screen.getAllByText('Está defectuoso').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('returns-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('return-row')).toHaveLength(21), WAIT);
    expect(screen.queryByTestId('returns-load-more')).toBeNull();

    fireEvent.click(screen.getByLabelText('Cerradas'));
    expect(await screen.findByText('No hay solicitudes de devolución cerradas', {}, WAIT)).toBeTruthy();
    expect(api.calls.filter((call) => call.path === MY_RETURNS).map((call) => statusOf(call.request))).toEqual(['open', 'open', 'closed']);
  });

  it("lists the seller's requests with the customer's name, and says when loading fails", async () => {
    let calls = 0;
    fakeApi({
      ...SIGNED_IN,
      [`GET ${SELLER_RETURNS}`]: () =>
        ++calls === 1
          ? jsonResponse(500, { code: 'internal_error', message: 'boom' })
          : jsonResponse(200, returnList([returnSummary({ viewer: 'supplier', refunded_minor: 20000, refunded: '200.00' })])),
    });
    renderApp('/admin/devoluciones');
    expect(await screen.findByText('No pudimos cargar las devoluciones', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const row = await screen.findByTestId('return-row', {}, WAIT);
    expect(row.getAttribute('href')).toBe('/admin/devoluciones/ret_1');
    expect(within(row).getByText('Cliente: Ana Pérez')).toBeTruthy();
    expect(within(row).getByTestId('return-refunded').textContent).toBe('Reembolsado: $200.00');
  });

  it('reaches the seller’s returns from the seller’s orders page', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET /api/orders/admin/suppliers/${ME}:${ME}/orders`]: () => jsonResponse(200, { results: [], matches_estimated: 0 }),
    });
    renderApp('/admin/ordenes');
    expect((await screen.findByTestId('orders-returns-link', {}, WAIT)).getAttribute('href')).toBe('/admin/devoluciones');
  });
});

describe("the customer's return request page", { timeout: 30_000 }, () => {
  const DETAIL = `${MY_RETURNS}/ret_1`;

  it('shows the request, its record, refunds and comments in tabs', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () =>
        jsonResponse(
          200,
          returnRequest({
            refunds: [
              {
                id: 'ref_1',
                return_id: 'ret_1',
                amount_minor: 20000,
                amount: '200.00',
                currency: 'MXN',
                status: 'success',
                destination: 'original',
                created_at: '2026-11-25T10:00:00.000Z',
                updated_at: '2026-11-25T10:00:01.000Z',
              },
            ],
            record: [
              { kind: 'requested', actor: 'customer', at: '2026-11-24T10:00:00.000Z', amount_minor: null, amount: null },
              { kind: 'refund_succeeded', actor: 'supplier', at: '2026-11-25T10:00:01.000Z', amount_minor: 20000, amount: '200.00' },
            ],
            notes: [
              {
                id: 'n1',
                body: 'Envíanos el paquete, por favor.',
                visibility: 'client',
                author: 'supplier',
                author_name: 'Proveedora Sur',
                created_at: '2026-11-24T12:00:00.000Z',
              },
            ],
          }),
        ),
    });
    renderApp('/mis-compras/devoluciones/ret_1');
    expect(await screen.findByText('Devolución del pedido #ORD_1', {}, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Solicitud', 'Historial', 'Reembolsos', 'Comentarios']);
    expect(screen.getByTestId('return-reason-text').textContent).toBe('Está defectuoso');
    expect(screen.getByTestId('return-available').textContent).toBe('$850.00');
    expect(screen.getByTestId('return-order-link').getAttribute('href')).toBe('/mis-compras/ord_1');

    fireEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(await screen.findByText('Se reembolsaron $200.00', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Reembolsos' }));
    expect(within(await screen.findByTestId('return-refund', {}, WAIT)).getByText('Reembolsado')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Comentarios' }));
    expect(await screen.findByText('Envíanos el paquete, por favor.', {}, WAIT)).toBeTruthy();
    // The customer never sees the internal/visible mark, nor the seller's forms.
    expect(screen.queryByText('Visible para el cliente')).toBeNull();
    expect(screen.queryByTestId('return-refund-form')).toBeNull();
    expect(screen.getByTestId('return-comment-form')).toBeTruthy();
  });

  it('sends a comment, and takes the refund as wallet balance when offered', async () => {
    let chosen = false;
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () => jsonResponse(200, returnRequest({ can_add_to_wallet: !chosen, refund_to: chosen ? 'wallet' : 'original' })),
      [`POST ${DETAIL}/comments`]: () => jsonResponse(201, returnRequest()),
      [`GET /api/customers/${ME}:${ME}/add_to_wallet/ret_1`]: () => {
        chosen = true;
        return jsonResponse(200, returnRequest({ can_add_to_wallet: false, refund_to: 'wallet' }));
      },
    });
    renderApp('/mis-compras/devoluciones/ret_1');
    const offer = await screen.findByTestId('return-add-to-wallet', {}, WAIT);
    fireEvent.click(within(offer).getByRole('button', { name: 'Recibir el reembolso como saldo en mi monedero' }));
    expect(await screen.findByText('Recibirás el reembolso como saldo en tu monedero', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('return-add-to-wallet')).toBeNull(), WAIT);
    expect(screen.getByText('El reembolso va a tu monedero')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Comentarios' }));
    fireEvent.click(await screen.findByTestId('return-comment-submit', {}, WAIT));
    expect(await screen.findByText('Escribe el texto', {}, WAIT)).toBeTruthy();
    type('return-comment-body', 'Ya lo envié');
    fireEvent.click(screen.getByTestId('return-comment-submit'));
    expect(await screen.findByText('Comentario enviado', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${DETAIL}/comments`)[0]?.body).toEqual({ body: 'Ya lo envié' });
  });

  it("says 'Devolución no encontrada' for another customer's request", async () => {
    fakeApi({ ...SIGNED_IN, [`GET ${DETAIL}`]: () => jsonResponse(404, { code: 'return_not_found', message: 'Return not found' }) });
    renderApp('/mis-compras/devoluciones/ret_1');
    expect(await screen.findByText('Devolución no encontrada', {}, WAIT)).toBeTruthy();
  });
});

describe("the seller's return request page", { timeout: 40_000 }, () => {
  const DETAIL = `${SELLER_RETURNS}/ret_1`;
  const seller = (overrides = {}) => returnRequest({ viewer: 'supplier', can_refund: true, can_close: true, ...overrides });
  const refund = (status: 'pending' | 'success' | 'failed') => ({
    id: 'ref_1',
    return_id: 'ret_1',
    amount_minor: 30000,
    amount: '300.00',
    currency: 'MXN',
    status,
    destination: 'original' as const,
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:00:00.000Z',
  });

  it('caps the refund at the amount available, and shows the 422 refusal beside the field', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () => jsonResponse(200, seller()),
      [`POST ${DETAIL}/refunds`]: () =>
        jsonResponse(422, { code: 'refund_exceeds_available', message: 'The amount entered is greater than the amount available' }),
    });
    renderApp('/admin/devoluciones/ret_1');
    expect((await screen.findByTestId('return-refund-available', {}, WAIT)).textContent).toBe('Disponible: $850.00');
    type('return-refund-amount', '850.01');
    fireEvent.click(screen.getByTestId('return-refund-submit'));
    expect(await screen.findByText('El monto ingresado es mayor que el monto disponible', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${DETAIL}/refunds`)).toHaveLength(0);

    // The server decides too (another refund may have taken part of it meanwhile).
    type('return-refund-amount', '800');
    fireEvent.click(screen.getByTestId('return-refund-submit'));
    await waitFor(() => expect(api.callsTo(`POST ${DETAIL}/refunds`)).toHaveLength(1), WAIT);
    expect(await screen.findByText('El monto ingresado es mayor que el monto disponible', {}, WAIT)).toBeTruthy();
    const [call] = api.callsTo(`POST ${DETAIL}/refunds`);
    expect(call?.body).toEqual({ amount_minor: 80000 });
    expect(call?.request.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it('follows a pending refund every second until it succeeds, then says so as the spec words it', async () => {
    let reads = 0;
    fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () => {
        reads += 1;
        const refunds = reads <= 2 ? [] : reads === 3 ? [refund('pending')] : [refund('success')];
        return jsonResponse(200, seller({ refunds }));
      },
      [`POST ${DETAIL}/refunds`]: () => jsonResponse(201, refund('pending')),
    });
    renderApp('/admin/devoluciones/ret_1');
    await screen.findByTestId('return-refund-form', {}, WAIT);
    type('return-refund-amount', '300');
    fireEvent.click(screen.getByTestId('return-refund-submit'));
    expect(await screen.findByTestId('return-refund-polling', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('Se reembolsaron correctamente $300.00', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it("says 'No se pudo completar el reembolso correctamente' when the provider refuses", async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () => jsonResponse(200, seller()),
      [`POST ${DETAIL}/refunds`]: () => jsonResponse(201, refund('failed')),
    });
    renderApp('/admin/devoluciones/ret_1');
    await screen.findByTestId('return-refund-form', {}, WAIT);
    type('return-refund-amount', '300');
    fireEvent.click(screen.getByTestId('return-refund-submit'));
    expect(await screen.findByText('No se pudo completar el reembolso correctamente', {}, WAIT)).toBeTruthy();
  });

  it('writes an internal note, and closes the request after a confirmation', async () => {
    let closed = false;
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () => jsonResponse(200, closed ? seller({ status: 'closed', can_refund: false, can_close: false }) : seller()),
      [`POST ${DETAIL}/notes`]: () => jsonResponse(201, seller()),
      [`POST ${DETAIL}/close`]: () => {
        closed = true;
        return jsonResponse(200, seller({ status: 'closed', can_refund: false, can_close: false, closed_at: '2026-11-26T10:00:00.000Z' }));
      },
    });
    renderApp('/admin/devoluciones/ret_1');
    fireEvent.click(await screen.findByRole('tab', { name: 'Comentarios' }, WAIT));
    type('return-note-body', 'Revisar con almacén');
    fireEvent.click(screen.getByLabelText('Interna'));
    fireEvent.click(screen.getByTestId('return-note-submit'));
    expect(await screen.findByText('Nota guardada', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${DETAIL}/notes`)[0]?.body).toEqual({ body: 'Revisar con almacén', visibility: 'internal' });

    fireEvent.click(screen.getByTestId('return-close'));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(api.callsTo(`POST ${DETAIL}/close`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('return-close-confirm'));
    expect(await screen.findByText('Solicitud de devolución cerrada', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${DETAIL}/close`)[0]?.request.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    await waitFor(() => expect(screen.getByTestId('return-status').textContent).toBe('Cerrada'), WAIT);
    expect(screen.queryByTestId('return-close')).toBeNull();
    expect(screen.queryByTestId('return-refund-form')).toBeNull();
  });
});

describe("the dropshipping supplier's returns", { timeout: 30_000 }, () => {
  it('reads the request and writes notes, without refunding or closing', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET ${DS_RETURNS}`]: () => jsonResponse(200, returnList([returnSummary({ viewer: 'dssupplier' })])),
      [`GET ${DS_RETURNS}/ret_1`]: () => jsonResponse(200, returnRequest({ viewer: 'dssupplier' })),
    });
    renderApp('/apps/me/dssupplier/devoluciones');
    fireEvent.click(await screen.findByTestId('return-row', {}, WAIT));
    expect(await screen.findByText('Devolución del pedido #ORD_1', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('return-refund-form')).toBeNull();
    expect(screen.queryByTestId('return-close')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Comentarios' }));
    expect(await screen.findByTestId('return-note-form', {}, WAIT)).toBeTruthy();
  });
});

describe('the return label (spec 3 §3 return_shipping_label)', { timeout: 40_000 }, () => {
  const ADDRESS = 'Bodega Norte\nAv. Juárez 10, Centro\n06000 CDMX';
  const issuedRecord = {
    kind: 'label_issued' as const,
    actor: 'supplier' as const,
    at: '2026-11-25T15:00:00.000Z',
    amount_minor: null,
    amount: null,
  };

  it('tells the customer the label is coming and that it will be e-mailed, then where to send the package', async () => {
    let issued = false;
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${MY_RETURNS}/ret_1`]: () =>
        jsonResponse(
          200,
          issued ? returnRequest({ label: returnLabel(), record: [...returnRequest().record, issuedRecord] }) : returnRequest(),
        ),
    });
    const { queryClient } = renderApp('/mis-compras/devoluciones/ret_1');
    expect((await screen.findByTestId('return-label-pending', {}, WAIT)).textContent).toBe(
      'El vendedor está preparando tu guía de devolución; te la enviaremos por correo cuando esté lista.',
    );
    expect(screen.queryByTestId('return-label-form')).toBeNull();

    issued = true;
    await queryClient.invalidateQueries();
    const details = await screen.findByTestId('return-label-details', {}, WAIT);
    expect(within(details).getByText('Envía el paquete a')).toBeTruthy();
    expect(screen.getByTestId('return-label-ship-to').textContent).toBe('Proveedora Sur\nAv. Juárez 10, Centro, 06000 CDMX');
    expect(screen.getByTestId('return-label-ship-to').style.whiteSpace).toBe('pre-line');
    expect(screen.getByTestId('return-label-carrier').textContent).toBe('Estafeta');
    expect(screen.getByTestId('return-label-tracking').textContent).toBe('EST123456');
    expect(screen.getByTestId('return-label-issued').textContent).toBe(`Emitida el ${formatDateTime('2026-11-25T15:00:00.000Z', 'es')}`);
    expect(screen.getByTestId('return-label-inbox').textContent).toBe('También te la enviamos por correo.');
    // the route page offers the download (the app's file hand-over is the card's default)
    expect(screen.getByRole('button', { name: 'Descargar guía (PDF)' })).toBeTruthy();
    expect(screen.queryByTestId('return-label-pending')).toBeNull();
    // The customer never issues it.
    expect(screen.queryByTestId('return-label-form')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(await screen.findByText('Se emitió la guía de devolución', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`GET ${MY_RETURNS}/ret_1/label.pdf`)).toHaveLength(0);
  });

  it("says only 'preparing' when the label is to be downloaded, and leaves out the carrier's guide when there is none", async () => {
    const download = { ...returnRequest().return_info!, return_shipping_label: 'download' as const };
    let issued = false;
    fakeApi({
      ...SIGNED_IN,
      [`GET ${MY_RETURNS}/ret_1`]: () =>
        jsonResponse(
          200,
          returnRequest({
            return_info: download,
            label: issued ? returnLabel({ carrier: null, tracking_number: null }) : null,
          }),
        ),
    });
    const { queryClient } = renderApp('/mis-compras/devoluciones/ret_1');
    expect((await screen.findByTestId('return-label-pending', {}, WAIT)).textContent).toBe(
      'El vendedor está preparando tu guía de devolución.',
    );
    issued = true;
    await queryClient.invalidateQueries();
    await screen.findByTestId('return-label-details', {}, WAIT);
    expect(screen.queryByTestId('return-label-carrier')).toBeNull();
    expect(screen.queryByTestId('return-label-tracking')).toBeNull();
    expect(screen.queryByTestId('return-label-inbox')).toBeNull();
  });

  it('lets the seller issue it: a too-short address stays beside the field, then it is issued, shown and can be reissued', async () => {
    const DETAIL = `${SELLER_RETURNS}/ret_1`;
    let label: ReturnType<typeof returnLabel> | null = null;
    const seller = () => returnRequest({ viewer: 'supplier', can_issue_label: true, label });
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () => jsonResponse(200, seller()),
      [`POST ${DETAIL}/label`]: () => {
        label = returnLabel({ ship_to: ADDRESS, tracking_number: null });
        return jsonResponse(201, seller());
      },
    });
    renderApp('/admin/devoluciones/ret_1');
    expect((await screen.findByTestId('return-label-pending', {}, WAIT)).textContent).toBe(
      'Todavía no emites la guía de devolución: escribe a dónde debe enviar el paquete el cliente.',
    );
    expect(screen.getByTestId('return-label-submit').textContent).toBe('Emitir guía');

    fireEvent.click(screen.getByTestId('return-label-submit'));
    expect(await screen.findByText('Escribe la dirección de envío', {}, WAIT)).toBeTruthy();
    type('return-label-ship-to-input', 'Calle 1');
    fireEvent.click(screen.getByTestId('return-label-submit'));
    expect(await screen.findByText('Escribe al menos 10 caracteres', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${DETAIL}/label`)).toHaveLength(0);

    type('return-label-ship-to-input', `  ${ADDRESS}  `);
    type('return-label-carrier-input', 'Estafeta');
    fireEvent.click(screen.getByTestId('return-label-submit'));
    expect(await screen.findByText('Guía de devolución emitida', {}, WAIT)).toBeTruthy();
    const [call] = api.callsTo(`POST ${DETAIL}/label`);
    expect(call?.body).toEqual({ ship_to: ADDRESS, carrier: 'Estafeta' });
    expect(call?.request.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    await waitFor(() => expect(screen.getByTestId('return-label-ship-to').textContent).toBe(ADDRESS), WAIT);
    expect(screen.queryByText('Escribe al menos 10 caracteres')).toBeNull();
    expect(screen.getByTestId('return-label-issued').textContent).toBe(
      `Emitida el ${formatDateTime('2026-11-25T15:00:00.000Z', 'es')} · Vendedor`,
    );
    expect(screen.getByTestId('return-label-submit').textContent).toBe('Volver a emitir');

    // A reissue starts from the label as it is, and says it was updated.
    type('return-label-tracking-input', 'EST999');
    fireEvent.click(screen.getByTestId('return-label-submit'));
    expect(await screen.findByText('Guía de devolución actualizada', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${DETAIL}/label`)[1]?.body).toEqual({ ship_to: ADDRESS, carrier: 'Estafeta', tracking_number: 'EST999' });
  });

  it('says the request is closed when it was closed meanwhile (409 return_closed), and stops offering the form', async () => {
    const DETAIL = `${SELLER_RETURNS}/ret_1`;
    let closed = false;
    fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () =>
        jsonResponse(
          200,
          closed
            ? returnRequest({ viewer: 'supplier', status: 'closed', closed_at: '2026-11-26T10:00:00.000Z' })
            : returnRequest({ viewer: 'supplier', can_issue_label: true }),
        ),
      [`POST ${DETAIL}/label`]: () => {
        closed = true;
        return jsonResponse(409, { code: 'return_closed', message: 'Return request closed' });
      },
    });
    renderApp('/admin/devoluciones/ret_1');
    await screen.findByTestId('return-label-form', {}, WAIT);
    type('return-label-ship-to-input', ADDRESS);
    fireEvent.click(screen.getByTestId('return-label-submit'));
    expect(await screen.findByText('La solicitud de devolución está cerrada', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('return-label-form')).toBeNull(), WAIT);
    expect(screen.getByTestId('return-label-pending').textContent).toBe('No se emitió guía de devolución.');
  });

  it('lets the dropshipping supplier issue it on its own address', async () => {
    const DETAIL = `${DS_RETURNS}/ret_1`;
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${DETAIL}`]: () => jsonResponse(200, returnRequest({ viewer: 'dssupplier', can_issue_label: true })),
      [`POST ${DETAIL}/label`]: () =>
        jsonResponse(201, returnRequest({ viewer: 'dssupplier', label: returnLabel({ issued_by: 'dssupplier' }) })),
    });
    renderApp('/apps/me/dssupplier/devoluciones/ret_1');
    await screen.findByTestId('return-label-form', {}, WAIT);
    type('return-label-ship-to-input', ADDRESS);
    fireEvent.click(screen.getByTestId('return-label-submit'));
    expect(await screen.findByText('Guía de devolución emitida', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${DETAIL}/label`)[0]?.body).toEqual({ ship_to: ADDRESS });
  });
});
