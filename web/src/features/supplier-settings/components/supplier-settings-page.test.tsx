import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SupplierSettings } from '@vitrina/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authResult, fakeApi, ME, adminProfile, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { SupplierSettingsPage } from './supplier-settings-page';

const SETTINGS = '/api/checkout/supplier-settings';
const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult({ keychain: ['dssupplier-admin'] })),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};

function settings(overrides: Partial<SupplierSettings> = {}): SupplierSettings {
  return {
    supplier_id: ME,
    enabled_payment_types: [],
    fixed_shipping_cost: null,
    fixed_shipping_cost_minor: null,
    fixed_shipping_days: null,
    scheduled_delivery: false,
    currency: 'MXN',
    rate_zones: [],
    branches: [],
    is_configured: false,
    ...overrides,
  };
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('the supplier’s shipping and payment settings (issue 11)', { timeout: 30_000 }, () => {
  it('says the supplier is not configured and checks every field before saving', async () => {
    const api = fakeApi({ ...SIGNED_IN, [`GET ${SETTINGS}`]: () => jsonResponse(200, settings()) });
    renderUi(<SupplierSettingsPage />);
    expect(await screen.findByTestId('settings-not-configured')).toBeTruthy();

    fireEvent.click(input('settings-fixed-enabled'));
    type('settings-fixed-cost', '12.345');
    type('settings-fixed-days', '120');
    fireEvent.click(screen.getByTestId('settings-zone-add'));
    type('zone-prefixes-0', '06, 1234567');
    type('zone-price-0', 'abc');
    fireEvent.click(screen.getByTestId('settings-branch-add'));
    type('branch-phone-0', '12345');
    type('branch-postal-0', '123');
    fireEvent.click(screen.getByTestId('settings-save'));

    expect(await screen.findByTestId('settings-form-errors')).toHaveProperty('textContent', 'Revisa los campos marcados');
    expect(screen.getByTestId('settings-payment-error').textContent).toBe('Elige al menos un método de pago');
    expect(screen.getAllByText('Escribe un importe con hasta 2 decimales, por ejemplo 99.00')).toHaveLength(2);
    expect(screen.getByText('Escribe un número entero de 0 a 90')).toBeTruthy();
    expect(screen.getByText('Cada prefijo tiene de 1 a 5 dígitos')).toBeTruthy();
    expect(screen.getByText('Escribe un teléfono de 10 dígitos')).toBeTruthy();
    expect(screen.getByText('El código postal tiene 5 dígitos')).toBeTruthy();
    expect(screen.getByText('Elige un estado')).toBeTruthy();
    expect(api.callsTo(`PUT ${SETTINGS}`)).toHaveLength(0);
  });

  it('asks a zone to cover a state or a postal prefix', async () => {
    const api = fakeApi({ ...SIGNED_IN, [`GET ${SETTINGS}`]: () => jsonResponse(200, settings({ enabled_payment_types: ['card'] })) });
    renderUi(<SupplierSettingsPage />);
    fireEvent.click(await screen.findByTestId('settings-zone-add'));
    type('zone-name-0', 'Centro');
    type('zone-price-0', '149');
    type('zone-days-0', '3');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Elige al menos un estado o escribe un prefijo de código postal')).toBeTruthy();
    expect(api.callsTo(`PUT ${SETTINGS}`)).toHaveLength(0);
  });

  it('saves the whole document and shows the answer’s is_configured', async () => {
    let saved: SupplierSettings = settings({ enabled_payment_types: ['card'] });
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${SETTINGS}`]: () => jsonResponse(200, saved),
      [`PUT ${SETTINGS}`]: () => {
        saved = settings({
          enabled_payment_types: ['card', 'spei'],
          fixed_shipping_cost: '99.00',
          fixed_shipping_cost_minor: 9900,
          fixed_shipping_days: 3,
          scheduled_delivery: true,
          is_configured: true,
        });
        return jsonResponse(200, saved);
      },
    });
    renderUi(<SupplierSettingsPage />);
    await screen.findByTestId('settings-not-configured');
    expect(input('settings-payment-card').checked).toBe(true);
    fireEvent.click(input('settings-payment-spei'));
    fireEvent.click(input('settings-fixed-enabled'));
    type('settings-fixed-cost', '99');
    type('settings-fixed-days', '3');
    fireEvent.click(input('settings-scheduled'));
    fireEvent.click(screen.getByTestId('settings-branch-add'));
    type('branch-name-0', 'Centro');
    type('branch-address-0', 'Av. Juárez 12, CDMX');
    type('branch-phone-0', '+52 55 1234 5678');
    fireEvent.click(screen.getByTestId('settings-save'));

    await waitFor(() => expect(api.callsTo(`PUT ${SETTINGS}`)).toHaveLength(0));
    // The branch still needs its state.
    expect(await screen.findByText('Elige un estado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar sucursal 1' }));
    fireEvent.click(screen.getByTestId('settings-save'));

    await waitFor(() => expect(api.callsTo(`PUT ${SETTINGS}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${SETTINGS}`)[0]?.body).toEqual({
      enabled_payment_types: ['card', 'spei'],
      fixed_shipping_cost: '99.00',
      fixed_shipping_days: 3,
      scheduled_delivery: true,
      rate_zones: [],
      branches: [],
    });
    expect(await screen.findByTestId('settings-configured')).toBeTruthy();
  });
});
