import type { OrderPacking } from '@vitrina/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, ME } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi, resetNotices } from '@/test/render-ui';
import { PACKING, proposal } from '../test/fixtures';
import { PackingPanel } from './packing-panel';

const WAIT = { timeout: 10_000 };

function setField(testId: string, value: string) {
  const field = screen.getByTestId(testId);
  const input = field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field : field.querySelector('input, select')!;
  fireEvent.change(input, { target: { value } });
}

afterEach(resetNotices);

describe('<PackingPanel owner orderId /> (issue 13 dropshipping packing)', { timeout: 30_000 }, () => {
  it('shows the proposed packages as cards with size, weight and contents', async () => {
    fakeApi({ [`GET ${PACKING}/binpacked`]: () => jsonResponse(200, proposal()) });
    renderUi(<PackingPanel owner={ME} orderId="ord_1" />);
    const first = await screen.findByTestId('package-1', {}, WAIT);
    expect(within(first).getByText('Paquete 1')).toBeTruthy();
    expect(screen.getByTestId('package-1-size').textContent).toBe('60 × 40 × 45 cm · 12.0 kg');
    expect(within(first).getByText('Jarrito')).toBeTruthy();
    expect(screen.getByTestId('package-2-size').textContent).toBe('60 × 40 × 15 cm · 3.0 kg');
    expect(within(screen.getByTestId('not-packed')).getByText('Todas las unidades están empacadas.')).toBeTruthy();
    // from package 1: package 2, a new one (3) or not packed
    const options = within(screen.getByTestId('move-1-l1-to')).getAllByRole('option');
    expect(options.map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['2', 'Paquete 2'],
      ['3', 'Paquete nuevo'],
      ['0', 'Sin empacar'],
    ]);
  });

  it('moves units to a new package, unpacks and packs them again with the keyboard-usable controls', async () => {
    let current = proposal();
    const after: OrderPacking = {
      packages: [
        {
          ...current.packages[0]!,
          weight_g: 10000,
          lines: [
            { line_id: 'l1', name: 'Jarrito', quantity: 5 },
            { line_id: 'l2', name: 'Plato', quantity: 5 },
          ],
        },
        current.packages[1]!,
        { index: 3, length_cm: 60, width_cm: 20, height_cm: 15, weight_g: 2000, lines: [{ line_id: 'l1', name: 'Jarrito', quantity: 2 }] },
      ],
      not_packed: [],
    };
    const unpacked: OrderPacking = {
      ...after,
      packages: after.packages.slice(0, 2),
      not_packed: [{ line_id: 'l1', name: 'Jarrito', quantity: 2 }],
    };
    const api = fakeApi({
      [`GET ${PACKING}/binpacked`]: () => jsonResponse(200, current),
      [`PATCH ${PACKING}/binpacked/1/3`]: () => jsonResponse(200, (current = after)),
      [`PATCH ${PACKING}/binpacked/3/0`]: () => jsonResponse(200, (current = unpacked)),
      [`PATCH ${PACKING}/notpacked/2`]: () => jsonResponse(409, { code: 'illegal_transition', message: 'closed' }),
    });
    renderUi(<PackingPanel owner={ME} orderId="ord_1" />);
    await screen.findByTestId('move-1-l1-to', {}, WAIT);
    setField('move-1-l1-to', '3');
    setField('move-1-l1-quantity', '2');
    fireEvent.click(screen.getByTestId('move-1-l1-submit'));
    expect(await screen.findByTestId('package-3', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`PATCH ${PACKING}/binpacked/1/3`).map((c) => c.body)).toEqual([{ line_id: 'l1', quantity: 2 }]);
    expect(screen.getByTestId('packing-status').textContent).toBe('2 × Jarrito: Paquete 3');

    setField('move-3-l1-to', '0');
    fireEvent.click(screen.getByTestId('move-3-l1-submit'));
    await waitFor(() => expect(screen.queryByTestId('package-3')).toBeNull(), WAIT);
    expect(within(screen.getByTestId('not-packed')).getByText('Jarrito')).toBeTruthy();
    expect(screen.getByTestId('packing-status').textContent).toBe('2 × Jarrito: Sin empacar');

    // packing them into package 2 is refused: the order closed meanwhile
    setField('move-0-l1-to', '2');
    fireEvent.click(screen.getByTestId('move-0-l1-submit'));
    expect(await screen.findByText('El pedido ya está cerrado: su empaque no cambia.', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`PATCH ${PACKING}/notpacked/2`).map((c) => c.body)).toEqual([{ line_id: 'l1', quantity: 2 }]);
  });

  it('never asks to move more units than the package holds', async () => {
    const api = fakeApi({
      [`GET ${PACKING}/binpacked`]: () => jsonResponse(200, proposal()),
      [`PATCH ${PACKING}/binpacked/2/1`]: () => jsonResponse(200, proposal()),
    });
    renderUi(<PackingPanel owner={ME} orderId="ord_1" />);
    await screen.findByTestId('move-2-l2-to', {}, WAIT);
    setField('move-2-l2-quantity', '40');
    fireEvent.click(screen.getByTestId('move-2-l2-submit'));
    await waitFor(() => expect(api.callsTo(`PATCH ${PACKING}/binpacked/2/1`)).toHaveLength(1), WAIT);
    expect(api.callsTo(`PATCH ${PACKING}/binpacked/2/1`)[0]!.body).toEqual({ line_id: 'l2', quantity: 3 });
  });

  it("edits a package's measures", async () => {
    const api = fakeApi({
      [`GET ${PACKING}/binpacked`]: () => jsonResponse(200, proposal()),
      [`PATCH ${PACKING}/binpacked/2`]: () => jsonResponse(200, { ...proposal().packages[1], length_cm: 50, weight_g: 3500 }),
    });
    renderUi(<PackingPanel owner={ME} orderId="ord_1" />);
    fireEvent.click(await screen.findByTestId('package-2-edit', {}, WAIT));
    setField('size-2-length_cm', '50');
    setField('size-2-weight_g', '3500');
    fireEvent.click(screen.getByTestId('size-2-save'));
    await waitFor(() => expect(screen.getByTestId('packing-status').textContent).toBe('Medidas del paquete 2 guardadas'), WAIT);
    expect(api.callsTo(`PATCH ${PACKING}/binpacked/2`).map((c) => c.body)).toEqual([
      { length_cm: 50, width_cm: 40, height_cm: 15, weight_g: 3500 },
    ]);
  });

  it('has loading, error (with retry) and empty states', async () => {
    let fail = true;
    fakeApi({
      [`GET ${PACKING}/binpacked`]: () =>
        fail ? jsonResponse(500, { code: 'internal_error', message: 'x' }) : jsonResponse(200, { packages: [], not_packed: [] }),
    });
    renderUi(<PackingPanel owner={ME} orderId="ord_1" />);
    expect(screen.getByTestId('packing-loading')).toBeTruthy();
    expect(await screen.findByText('No pudimos cargar el empaque.', {}, WAIT)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Reintentar'));
    expect(await screen.findByText('Este pedido no tiene artículos que empacar.', {}, WAIT)).toBeTruthy();
  });

  it('speaks English', async () => {
    fakeApi({ [`GET ${PACKING}/binpacked`]: () => jsonResponse(200, proposal()) });
    renderUi(<PackingPanel owner={ME} orderId="ord_1" />, 'en');
    expect(within(await screen.findByTestId('package-1', {}, WAIT)).getAllByText('Package 1')[0]!.id).toBe('package-1-title');
    expect(within(screen.getByTestId('not-packed')).getByText('Every unit is packed.')).toBeTruthy();
    expect(screen.getByTestId('package-1-size').textContent).toBe('60 × 40 × 45 cm · 12.0 kg');
  });
});
