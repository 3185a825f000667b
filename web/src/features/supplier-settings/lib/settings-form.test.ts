import { describe, expect, it } from 'vitest';
import {
  emptyBranch,
  emptyZone,
  normalizeMoney,
  settingsBody,
  validateSettings,
  valuesFromSettings,
  wouldBeConfigured,
} from './settings-form';

const base = valuesFromSettings({
  supplier_id: 's1',
  enabled_payment_types: ['card'],
  fixed_shipping_cost: null,
  fixed_shipping_cost_minor: null,
  fixed_shipping_days: null,
  scheduled_delivery: false,
  currency: 'MXN',
  rate_zones: [
    {
      id: 'z1',
      name: 'Centro',
      carrier: 'Estafeta',
      states: ['CMX'],
      postal_prefixes: ['06'],
      price: '149.00',
      price_minor: 14900,
      days: 3,
    },
  ],
  branches: [],
  is_configured: true,
});

describe('the supplier settings form (issue 11)', () => {
  it('sends the whole document with amounts as 2-decimal strings and prefixes as a list', () => {
    const zone = { ...emptyZone(), name: ' Norte ', states: ['NLE'], postal_prefixes: '64, 66 64', price: '99,5', days: '5' };
    const branch = { ...emptyBranch(), name: 'Centro', address: 'Av. Juárez 12', phone: '+52 55-1234-5678', state: 'CMX' };
    const values = { ...base, rate_zones: [...base.rate_zones, zone], branches: [branch] };
    expect(validateSettings(values)).toEqual({});
    expect(settingsBody(values)).toEqual({
      enabled_payment_types: ['card'],
      fixed_shipping_cost: null,
      fixed_shipping_days: null,
      scheduled_delivery: false,
      rate_zones: [
        { id: 'z1', name: 'Centro', carrier: 'Estafeta', states: ['CMX'], postal_prefixes: ['06'], price: '149.00', days: 3 },
        { name: 'Norte', states: ['NLE'], postal_prefixes: ['64', '66'], price: '99.50', days: 5 },
      ],
      branches: [{ name: 'Centro', address: 'Av. Juárez 12', phone: '5512345678', state: 'CMX', postal_code: null }],
    });
  });

  it('is configured with a payment type and one way to deliver', () => {
    expect(wouldBeConfigured(base)).toBe(true);
    expect(wouldBeConfigured({ ...base, enabled_payment_types: [] })).toBe(false);
    expect(wouldBeConfigured({ ...base, rate_zones: [] })).toBe(false);
    expect(wouldBeConfigured({ ...base, rate_zones: [], fixed_enabled: true })).toBe(true);
  });

  it('refuses amounts above the limit and more than 2 decimals', () => {
    expect(
      validateSettings({ ...base, fixed_enabled: true, fixed_shipping_cost: '100000.01', fixed_shipping_days: '1' }).fixed_shipping_cost,
    ).toBe('moneyMax');
    expect(
      validateSettings({ ...base, fixed_enabled: true, fixed_shipping_cost: '1.001', fixed_shipping_days: '1' }).fixed_shipping_cost,
    ).toBe('money');
    expect(normalizeMoney('7')).toBe('7.00');
  });
});
