import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi, resetNotices } from '@/test/render-ui';
import { deliveredOrder, OWNER } from '../test/fixtures';
import { InvoicingForm } from './invoicing-form';
import { ReceiptLink } from './receipt-link';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const INVOICING = `/api/orders/${OWNER}/orders/ord_1/invoicing`;
const WAIT = { timeout: 10_000 };

function setField(testId: string, value: string) {
  const field = screen.getByTestId(testId);
  const input = field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field : field.querySelector('input, select')!;
  fireEvent.change(input, { target: { value } });
}
const options = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean);

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
});

describe('<InvoicingForm order /> (spec 3 §3 invoicing data)', { timeout: 30_000 }, () => {
  it('checks the RFC (real date), the regime for that kind of taxpayer and the postal code before sending', async () => {
    const api = fakeApi(SIGNED_IN);
    renderUi(<InvoicingForm order={deliveredOrder()} />);
    await screen.findByTestId('invoicing-form', {}, WAIT);
    expect(screen.getByRole('option', { name: '612 - Personas Físicas con Actividades Empresariales y Profesionales' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'G03 - Gastos en general' })).toBeTruthy();
    setField('invoicing-rfc', 'gode561331gr8'); // 31st of a 13th month
    setField('invoicing-postal-code', '066');
    fireEvent.click(screen.getByTestId('invoicing-save'));
    expect(await screen.findByText('RFC no válido: revisa las letras, la fecha y la homoclave')).toBeTruthy();
    expect(screen.getByText('Escribe la razón social o el nombre')).toBeTruthy();
    expect(screen.getByText('Elige un régimen fiscal')).toBeTruthy();
    expect(screen.getByText('Elige el uso del CFDI')).toBeTruthy();
    expect(screen.getByText('El código postal tiene 5 dígitos')).toBeTruthy();
    expect(api.callsTo(`PUT ${INVOICING}`)).toHaveLength(0);
    // a complete natural person's RFC offers only the regimes of natural persons
    setField('invoicing-rfc', 'GODE561231GR8');
    expect(options('invoicing-regime')).toContain('612');
    expect(options('invoicing-regime')).not.toContain('601');
    setField('invoicing-rfc', 'ABC010131AB1');
    expect(options('invoicing-regime')).toContain('601');
    expect(options('invoicing-regime')).not.toContain('605');
  });

  it('saves the data with the RFC cleaned and says so', async () => {
    const saved = { rfc: 'GODE561231GR8', name: 'Ana López Pérez', tax_regime: '612', cfdi_use: 'G03', postal_code: '06600' };
    const onSaved = vi.fn();
    const api = fakeApi({ ...SIGNED_IN, [`PUT ${INVOICING}`]: () => jsonResponse(200, saved) });
    renderUi(<InvoicingForm order={deliveredOrder()} onSaved={onSaved} />);
    await screen.findByTestId('invoicing-form', {}, WAIT);
    setField('invoicing-rfc', 'gode-561231-gr8');
    setField('invoicing-name', '  Ana   López Pérez ');
    setField('invoicing-regime', '612');
    setField('invoicing-cfdi-use', 'G03');
    setField('invoicing-postal-code', '06600');
    fireEvent.click(screen.getByTestId('invoicing-save'));
    expect(await screen.findByText('Datos de facturación guardados', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`PUT ${INVOICING}`).map((c) => c.body)).toEqual([saved]);
    expect(onSaved).toHaveBeenCalledWith(saved);
  });

  it('shows the server’s invalid_rfc on the RFC field', async () => {
    fakeApi({ ...SIGNED_IN, [`PUT ${INVOICING}`]: () => jsonResponse(400, { code: 'invalid_rfc', message: 'The RFC is not valid' }) });
    renderUi(
      <InvoicingForm
        order={deliveredOrder({
          invoicing: { rfc: 'XAXX010101000', name: 'Público en general', tax_regime: '616', cfdi_use: 'S01', postal_code: '06600' },
        })}
      />,
    );
    await screen.findByTestId('invoicing-form', {}, WAIT);
    expect(screen.getByTestId<HTMLInputElement>('invoicing-rfc').value).toBe('XAXX010101000');
    fireEvent.click(screen.getByTestId('invoicing-save'));
    expect(await screen.findByText('RFC no válido: revisa las letras, la fecha y la homoclave', {}, WAIT)).toBeTruthy();
  });

  it('shows the data read-only to the seller', async () => {
    fakeApi(SIGNED_IN);
    renderUi(
      <InvoicingForm
        order={deliveredOrder({
          viewer: 'supplier',
          invoicing: { rfc: 'ABC010131AB1', name: 'Comercializadora ABC', tax_regime: '601', cfdi_use: 'G01', postal_code: '64000' },
        })}
      />,
    );
    const summary = await screen.findByTestId('invoicing-summary', {}, WAIT);
    expect(summary.textContent).toContain('601 - General de Ley Personas Morales');
    expect(summary.textContent).toContain('G01 - Adquisición de mercancías');
    expect(screen.queryByTestId('invoicing-form')).toBeNull();
  });

  it('asks nothing of the customer on a cancelled order (it is not invoiced)', async () => {
    fakeApi(SIGNED_IN);
    renderUi(<InvoicingForm order={deliveredOrder({ state: 'cancelled_by_supplier' })} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('invoicing-form')).toBeNull();
    expect(screen.queryByTestId('invoicing-summary')).toBeNull();
  });

  it('speaks English (the SAT names stay in Spanish)', async () => {
    fakeApi(SIGNED_IN);
    renderUi(<InvoicingForm order={deliveredOrder()} />, 'en');
    expect(await screen.findByText('Invoicing data', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('option', { name: '626 - Régimen Simplificado de Confianza' })).toBeTruthy();
  });
});

describe('<ReceiptLink order /> (spec 3 §2 download link)', { timeout: 30_000 }, () => {
  it("downloads the customer's or the seller's copy of the receipt", async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    fakeApi({
      ...SIGNED_IN,
      [`GET /api/orders/${OWNER}/orders/ord_1/receipt.pdf`]: () =>
        new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
      [`GET /api/orders/admin/suppliers/${OWNER}/orders/ord_1/receipt.pdf`]: () =>
        new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    const save = vi.fn();
    renderUi(<ReceiptLink order={deliveredOrder()} save={save} />);
    fireEvent.click(await screen.findByText('Descargar recibo (PDF)', {}, WAIT));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1), WAIT);
    expect(save.mock.calls[0]![1]).toBe('recibo-ord_1.pdf');
    expect(await (save.mock.calls[0]![0] as Blob).text()).toBe('%PDF-1.7');
    resetAccountState();
  });

  it('downloads the seller copy for a seller, and says when it fails', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET /api/orders/admin/suppliers/${OWNER}/orders/ord_1/receipt.pdf`]: () =>
        jsonResponse(503, { code: 'service_unavailable', message: 'x' }),
    });
    const save = vi.fn();
    renderUi(<ReceiptLink order={deliveredOrder({ viewer: 'supplier' })} save={save} />);
    fireEvent.click(await screen.findByText('Descargar recibo (PDF)', {}, WAIT));
    expect(await screen.findByText('No pudimos descargar el recibo. Intenta de nuevo.', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`GET /api/orders/admin/suppliers/${OWNER}/orders/ord_1/receipt.pdf`)).toHaveLength(1);
    expect(save).not.toHaveBeenCalled();
  });
});
