import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { ATTENDANTS, ORDER, attendant, attendantList, attendants } from '../test/fixtures';
import { MyTicketsPage } from './my-tickets-page';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const LIST = `GET ${ATTENDANTS}`;
const WAIT = { timeout: 10_000 };

beforeEach(resetAccountState);
afterEach(resetAccountState);

function pdf(): Response {
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'content-type': 'application/pdf' } });
}

describe("'Mis boletos' (spec 3 §2 'My tickets and attendee update')", { timeout: 30_000 }, () => {
  it('asks a visitor to sign in and asks nothing of the server', async () => {
    const api = fakeApi({});
    renderUi(<MyTicketsPage orderId={ORDER} />);
    expect(await screen.findByText('Inicia sesión para ver tus boletos', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('shows a skeleton, then each ticket with its QR code, attendee, date, type and whether it was used', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({
      ...SIGNED_IN,
      [LIST]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderUi(<MyTicketsPage orderId={ORDER} />);
    expect(await screen.findByTestId('tickets-loading', {}, WAIT)).toBeTruthy();
    answer(
      jsonResponse(
        200,
        attendantList([
          attendant(),
          attendant({ id: 'att_2', full_name: 'Iñaki Peña', type: 'courtesy', used: true, used_at: '2027-03-14T19:40:00.000Z' }),
        ]),
      ),
    );
    const cards = await screen.findAllByTestId('ticket-card', {}, WAIT);
    expect(cards.map((card) => within(card).getByTestId('ticket-attendee').textContent)).toEqual(['Ana López', 'Iñaki Peña']);
    expect(screen.getByTestId('tickets-count').textContent).toBe('2 boletos');
    expect(within(cards[0]!).getByText('Boleto 1')).toBeTruthy();
    expect(within(cards[0]!).getByText('Compra')).toBeTruthy();
    expect(within(cards[0]!).getByText('Sin usar')).toBeTruthy();
    expect(within(cards[0]!).getByText(/domingo, 14 de marzo de 2027/)).toBeTruthy();
    expect(within(cards[0]!).getByTestId('ticket-code').textContent).toBe(attendant().qr_code);
    const qr = await within(cards[0]!).findByTestId('ticket-qr', {}, WAIT);
    expect([qr.getAttribute('aria-label'), qr.getAttribute('data-code')]).toEqual([
      'Código QR del boleto de Ana López',
      attendant().qr_code,
    ]);
    expect(within(cards[1]!).getByText('Cortesía')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('ticket-used').textContent).toContain('Usado el');
    // a used ticket's attendee cannot change
    expect(within(cards[0]!).queryByTestId('ticket-edit')).toBeTruthy();
    expect(within(cards[1]!).queryByTestId('ticket-edit')).toBeNull();
    expect(screen.queryByTestId('tickets-pager')).toBeNull();
  });

  it('pages the tickets 10 at a time (spec 3 §9)', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [LIST]: (request) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return jsonResponse(200, attendantList(offset === 0 ? attendants(10, 1) : attendants(3, 11), 13));
      },
    });
    renderUi(<MyTicketsPage orderId={ORDER} />);
    await screen.findAllByTestId('ticket-card', {}, WAIT);
    expect(screen.getAllByTestId('ticket-card')).toHaveLength(10);
    expect(screen.getByTestId('tickets-page').textContent).toBe('Página 1 de 2');
    expect(screen.getByTestId<HTMLButtonElement>('tickets-previous').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('tickets-next'));
    await waitFor(() => expect(screen.getByTestId('tickets-page').textContent).toBe('Página 2 de 2'), WAIT);
    await waitFor(() => expect(screen.getAllByTestId('ticket-card')).toHaveLength(3), WAIT);
    expect(screen.getByText('Boleto 11')).toBeTruthy();
    expect(api.callsTo(LIST).map((call) => call.request.url.split('?')[1])).toEqual(['offset=0&limit=10', 'offset=10&limit=10']);
    expect(screen.getByTestId<HTMLButtonElement>('tickets-next').disabled).toBe(true);
  });

  it('checks the attendee update before sending, sends only what changed (cleaned), and shows the new attendee', async () => {
    let current = attendant();
    const api = fakeApi({
      ...SIGNED_IN,
      [LIST]: () => jsonResponse(200, attendantList([current])),
      [`PATCH ${ATTENDANTS}/att_1`]: async (request) => {
        const body = (await request.json()) as { full_name?: string; phone?: string };
        current = attendant({ ...body });
        return jsonResponse(200, current);
      },
    });
    renderUi(<MyTicketsPage orderId={ORDER} />);
    fireEvent.click(await screen.findByTestId('ticket-edit', {}, WAIT));
    const form = screen.getByTestId('attendee-form');
    fireEvent.change(within(form).getByTestId('attendee-name'), { target: { value: '   ' } });
    fireEvent.change(within(form).getByTestId('attendee-phone'), { target: { value: '12ab' } });
    fireEvent.click(within(form).getByTestId('attendee-save'));
    expect(await within(form).findByText('Escribe el nombre del asistente')).toBeTruthy();
    expect(within(form).getByText('Escribe un teléfono de 8 a 15 dígitos')).toBeTruthy();
    expect(api.callsTo(`PATCH ${ATTENDANTS}/att_1`)).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('attendee-name'), { target: { value: '  María   José ' } });
    fireEvent.change(within(form).getByTestId('attendee-phone'), { target: { value: '55 1234 5678' } });
    fireEvent.click(within(form).getByTestId('attendee-save'));
    await waitFor(() => expect(screen.queryByTestId('attendee-form')).toBeNull(), WAIT);
    expect(api.callsTo(`PATCH ${ATTENDANTS}/att_1`).map((call) => call.body)).toEqual([{ full_name: 'María José' }]);
    await waitFor(() => expect(screen.getByTestId('ticket-attendee').textContent).toBe('María José'), WAIT);
  });

  it('says so when the ticket was used meanwhile (409 ticket_already_used)', async () => {
    fakeApi({
      ...SIGNED_IN,
      [LIST]: () => jsonResponse(200, attendantList([attendant()])),
      [`PATCH ${ATTENDANTS}/att_1`]: () => jsonResponse(409, { code: 'ticket_already_used', message: 'used' }),
    });
    renderUi(<MyTicketsPage orderId={ORDER} />);
    fireEvent.click(await screen.findByTestId('ticket-edit', {}, WAIT));
    fireEvent.change(screen.getByTestId('attendee-name'), { target: { value: 'Otra Persona' } });
    fireEvent.click(screen.getByTestId('attendee-save'));
    expect((await screen.findByTestId('attendee-refused', {}, WAIT)).textContent).toBe(
      'Este boleto ya se usó: su asistente no puede cambiar',
    );
  });

  it('downloads one ticket, all in one PDF and the zip; a failed download is silently ignored (spec 3 §8)', async () => {
    const save = vi.fn();
    let zipFails = true;
    const api = fakeApi({
      ...SIGNED_IN,
      [LIST]: () => jsonResponse(200, attendantList([attendant(), attendant({ id: 'att_2' })])),
      [`GET ${ATTENDANTS}/att_2.pdf`]: () => pdf(),
      [`GET ${ATTENDANTS}/pdf`]: () => pdf(),
      [`GET ${ATTENDANTS}/zip`]: () =>
        zipFails
          ? jsonResponse(500, { code: 'internal_error', message: 'boom' })
          : new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'content-type': 'application/zip' } }),
    });
    renderUi(<MyTicketsPage orderId={ORDER} save={save} />);
    const cards = await screen.findAllByTestId('ticket-card', {}, WAIT);
    fireEvent.click(within(cards[1]!).getByTestId('ticket-download'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1), WAIT);
    expect(save.mock.calls[0]![1]).toBe('boleto-02-ord_1.pdf');
    expect(save.mock.calls[0]![0]).toBeInstanceOf(Blob);
    expect(new URL(api.callsTo(`GET ${ATTENDANTS}/att_2.pdf`)[0]!.request.url).search).toBe('?lang=es');

    fireEvent.click(screen.getByTestId('tickets-download-pdf'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2), WAIT);
    expect(save.mock.calls[1]![1]).toBe('boletos-ord_1.pdf');

    fireEvent.click(screen.getByTestId('tickets-download-zip'));
    await waitFor(() => expect(api.callsTo(`GET ${ATTENDANTS}/zip`)).toHaveLength(1), WAIT);
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('tickets-download-zip').dataset.loading).toBeUndefined(), WAIT);
    expect(save).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    zipFails = false;
    fireEvent.click(screen.getByTestId('tickets-download-zip'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3), WAIT);
    expect(save.mock.calls[2]![1]).toBe('boletos-ord_1.zip');
  });

  it('says the order is not found for another account’s order (404), and that there are no tickets for an order without', async () => {
    fakeApi({ ...SIGNED_IN, [LIST]: () => jsonResponse(404, { code: 'order_not_found', message: 'Order not found' }) });
    const view = renderUi(<MyTicketsPage orderId={ORDER} />);
    expect(await screen.findByText('Orden no encontrada', {}, WAIT)).toBeTruthy();
    view.unmount();
    resetAccountState();
    fakeApi({ ...SIGNED_IN, [LIST]: () => jsonResponse(200, attendantList([])) });
    renderUi(<MyTicketsPage orderId={ORDER} />);
    expect(await screen.findByTestId('tickets-empty', {}, WAIT)).toBeTruthy();
  });

  it('offers a retry when the tickets cannot be loaded', async () => {
    let calls = 0;
    fakeApi({
      ...SIGNED_IN,
      [LIST]: () =>
        ++calls === 1
          ? jsonResponse(503, { code: 'service_unavailable', message: 'down' })
          : jsonResponse(200, attendantList([attendant()])),
    });
    renderUi(<MyTicketsPage orderId={ORDER} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }, WAIT));
    expect(await screen.findByTestId('ticket-card', {}, WAIT)).toBeTruthy();
  });
});
