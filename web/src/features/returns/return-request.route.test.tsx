import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { resetNotices } from '@/test/render-ui';
import { eligibility, GALLERY, MY_ORDERS, orderWithReturn, returnRequest } from './test/fixtures';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const ORDER = `${MY_ORDERS}/ord_1`;
const ELIGIBILITY = `GET ${ORDER}/return-eligibility`;
const WAIT = { timeout: 10_000 };

function chooseReason(label: string) {
  fireEvent.click(screen.getByTestId('return-reason'));
  fireEvent.click(screen.getByRole('option', { name: label }));
}

function dropFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('[data-testid="return-photo-drop"] input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
});

describe("the order's return button (spec 3 §4 'Returns')", { timeout: 30_000 }, () => {
  it("offers 'Solicitar devolución' while the server allows one", async () => {
    fakeApi({ ...SIGNED_IN, [`GET ${ORDER}`]: () => jsonResponse(200, orderWithReturn()) });
    renderApp('/mis-compras/ord_1');
    const button = await screen.findByTestId('order-request-return', {}, WAIT);
    expect(button.textContent).toBe('Solicitar devolución');
    expect(button.getAttribute('href')).toBe('/mis-compras/ord_1/devolucion');
  });

  it("offers 'Ver devolución' once the order has a request, and nothing when not allowed", async () => {
    fakeApi({ ...SIGNED_IN, [`GET ${ORDER}`]: () => jsonResponse(200, orderWithReturn({ allowed: false, return_id: 'ret_1' })) });
    const first = renderApp('/mis-compras/ord_1');
    const button = await screen.findByTestId('order-view-return', {}, WAIT);
    expect(button.getAttribute('href')).toBe('/mis-compras/devoluciones/ret_1');
    expect(screen.queryByTestId('order-request-return')).toBeNull();
    first.unmount();

    // A closed request while the window is still open: both.
    fakeApi({ ...SIGNED_IN, [`GET ${ORDER}`]: () => jsonResponse(200, orderWithReturn({ return_id: 'ret_1' })) });
    const second = renderApp('/mis-compras/ord_1');
    expect(await screen.findByTestId('order-request-return', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('order-view-return')).toBeTruthy();
    second.unmount();

    fakeApi({
      ...SIGNED_IN,
      [`GET ${ORDER}`]: () => jsonResponse(200, orderWithReturn({ allowed: false, refusal: 'return_deadline_expired' })),
    });
    renderApp('/mis-compras/ord_1');
    expect(await screen.findByText('Pedido #ORD_1', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('order-request-return')).toBeNull();
    expect(screen.queryByTestId('order-view-return')).toBeNull();
  });
});

describe("the seller's order", { timeout: 30_000 }, () => {
  it("links 'Ver devolución' to the seller's return page, and never offers to request one", async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET /api/orders/admin/suppliers/${ME}:${ME}/orders/ord_1`]: () =>
        jsonResponse(200, orderWithReturn({ allowed: false, refusal: 'wrong_actor', return_id: 'ret_1' }, { viewer: 'supplier' })),
    });
    renderApp('/admin/ordenes/ord_1');
    expect((await screen.findByTestId('order-view-return', {}, WAIT)).getAttribute('href')).toBe('/admin/devoluciones/ret_1');
    expect(screen.queryByTestId('order-request-return')).toBeNull();
  });
});

describe('the return request (spec 3 §2, §4 Return display)', { timeout: 30_000 }, () => {
  it('shows the time left, who pays, the criteria, the label and the restocking sections', async () => {
    fakeApi({ ...SIGNED_IN, [ELIGIBILITY]: () => jsonResponse(200, eligibility()) });
    renderApp('/mis-compras/ord_1/devolucion');
    expect(await screen.findByTestId('return-info', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('return-info-time').textContent).toMatch(/Tienes hasta el 29 nov 2099/);
    expect(screen.getByTestId('return-info-fees').textContent).toContain('Tú pagas el envío de la devolución.');
    expect(screen.getByTestId('return-info-criteria').textContent).toContain('Sin uso y con etiquetas.');
    expect(screen.getByTestId('return-info-label').textContent).toContain(
      'El vendedor emitirá la guía de devolución y te la enviaremos por correo.',
    );
    expect(screen.getByTestId('return-info-restocking').textContent).toContain('Se descuenta el 15 % del importe por reposición.');
    expect(screen.getByTestId('return-back').getAttribute('href')).toBe('/mis-compras/ord_1');
  });

  it('shows a not-allowed note for a disallowed item, and the refusal for an expired window', async () => {
    fakeApi({
      ...SIGNED_IN,
      [ELIGIBILITY]: () =>
        jsonResponse(
          200,
          eligibility({ allowed: false, refusal: 'return_disallowed', until: null, return_info: { return_type: 'disallowed' } }),
        ),
    });
    const first = renderApp('/mis-compras/ord_1/devolucion');
    expect(await screen.findByTestId('return-info-disallowed', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('return-not-allowed').textContent).toContain('Este pedido no admite devoluciones');
    expect(screen.queryByTestId('return-form')).toBeNull();
    first.unmount();

    fakeApi({ ...SIGNED_IN, [ELIGIBILITY]: () => jsonResponse(200, eligibility({ allowed: false, refusal: 'return_deadline_expired' })) });
    renderApp('/mis-compras/ord_1/devolucion');
    expect((await screen.findByTestId('return-not-allowed', {}, WAIT)).textContent).toContain('El plazo de devolución venció');
  });

  it('requires a reason, uploads a photo to the gallery, sends the request with an Idempotency-Key and opens it', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [ELIGIBILITY]: () => jsonResponse(200, eligibility()),
      [`POST ${GALLERY}`]: () => jsonResponse(201, { url: '/api/gallery/files/p1.jpg', id: 'img-1', main_colors: [] }),
      [`POST ${ORDER}/returns`]: () => jsonResponse(201, returnRequest()),
      [`GET /api/orders/${ME}:${ME}/returns/ret_1`]: () => jsonResponse(200, returnRequest()),
    });
    const { router } = renderApp('/mis-compras/ord_1/devolucion');
    fireEvent.click(await screen.findByTestId('return-submit', {}, WAIT));
    expect(await screen.findByText('Elige un motivo', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${ORDER}/returns`)).toHaveLength(0);

    dropFile(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'caja.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Foto 1', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${GALLERY}`)).toHaveLength(1);

    chooseReason('Está defectuoso');
    fireEvent.change(within(screen.getByTestId('return-form')).getByLabelText(/Detalle del motivo/), { target: { value: 'No enciende' } });
    fireEvent.click(screen.getByTestId('return-submit'));
    expect(await screen.findByText('Devolución iniciada correctamente', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mis-compras/devoluciones/ret_1'), WAIT);
    const [call] = api.callsTo(`POST ${ORDER}/returns`);
    expect(call?.body).toEqual({ reason: 'defective', sub_reason: 'No enciende', photos: ['/api/gallery/files/p1.jpg'] });
    expect(call?.request.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it('refuses a photo over the gallery limit with the spec’s message, without uploading it', async () => {
    const api = fakeApi({ ...SIGNED_IN, [ELIGIBILITY]: () => jsonResponse(200, eligibility()) });
    renderApp('/mis-compras/ord_1/devolucion');
    await screen.findByTestId('return-form', {}, WAIT);
    dropFile(new File([new Uint8Array(4_000_001)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(/ERROR: El tamaño de archivo/, {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${GALLERY}`)).toHaveLength(0);
  });

  it("shows the server's refusal by its code ('El plazo de devolución venció')", async () => {
    fakeApi({
      ...SIGNED_IN,
      [ELIGIBILITY]: () => jsonResponse(200, eligibility()),
      [`POST ${ORDER}/returns`]: () => jsonResponse(409, { code: 'return_deadline_expired', message: 'return deadline expired' }),
    });
    renderApp('/mis-compras/ord_1/devolucion');
    await screen.findByTestId('return-form', {}, WAIT);
    chooseReason('No funciona');
    fireEvent.click(screen.getByTestId('return-submit'));
    expect((await screen.findByTestId('return-refusal', {}, WAIT)).textContent).toBe('El plazo de devolución venció');
  });
});
