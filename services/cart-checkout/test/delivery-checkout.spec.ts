import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ShippingBroker } from '../src/delivery/shipping/shipping-broker.js';
import { Clock } from '../src/shared/clock.js';
import { anAddress, startDeliveryWorld, type DeliveryWorld } from './delivery-helpers.js';

const SELLER = '01930000-0000-7000-8000-00000000b001';
const DROPSHIPPER = '01930000-0000-7000-8000-00000000b002';
const SHOPPER = '01930000-0000-7000-8000-00000000b003';
const OTHER = '01930000-0000-7000-8000-00000000b004';
const BARE = '01930000-0000-7000-8000-00000000b005';

/** Zones of two carriers: Jalisco by state, Guadalajara's 441xx by prefix (cheaper for one carrier). */
const SETTINGS = {
  enabled_payment_types: ['card'],
  fixed_shipping_cost: '99',
  fixed_shipping_days: 3,
  rate_zones: [
    { id: 'est-jal', name: 'Terrestre', carrier: 'Estafeta', states: ['JAL'], price: '150', days: 4 },
    { id: 'est-gdl', name: 'Local', carrier: 'Estafeta', postal_prefixes: ['441'], price: '80', days: 2 },
    { id: 'est-gdl-wide', name: 'Zona 44', carrier: 'Estafeta', postal_prefixes: ['44'], price: '90', days: 2 },
    { id: 'dhl-jal', name: 'Express', carrier: 'DHL', states: ['JAL', 'CMX'], price: '250', days: 1 },
  ],
  branches: [{ id: 'suc-centro', name: 'Sucursal Centro', address: 'Madero 1', phone: '5512345678', state: 'CMX', postal_code: '06000' }],
};

describe('delivery of a checkout', () => {
  let w: DeliveryWorld;
  let shopper: string;
  let other: string;
  let gdl: string; // Guadalajara 44100 (prefix zone)
  let zapopan: string; // Jalisco 45000 (state zone)
  let sonora: string; // no zone

  beforeAll(async () => {
    w = await startDeliveryWorld();
    [shopper, other] = await Promise.all([w.token(SHOPPER), w.token(OTHER)]);
    for (const [id, payload] of [
      [SELLER, SETTINGS],
      [DROPSHIPPER, { ...SETTINGS, fixed_shipping_cost: '45.50', fixed_shipping_days: 6, scheduled_delivery: true }],
      [BARE, { enabled_payment_types: ['card'], fixed_shipping_cost: '10', fixed_shipping_days: 1 }],
    ] as const) {
      const res = await w.call('PUT', '/checkout/supplier-settings', { auth: await w.token(id), payload });
      expect(res.status).toBe(200);
    }
    const save = async (over: Record<string, unknown>) =>
      (await w.call('POST', '/checkout/addresses', { auth: shopper, payload: anAddress(over) })).body.id as string;
    gdl = await save({});
    zapopan = await save({ locality: 'Zapopan', postal_code: '45000' });
    sonora = await save({ administrative_area_level_1: 'SON', locality: 'Hermosillo', postal_code: '83000' });
  });
  afterAll(async () => {
    await w?.close();
  });

  const rates = (checkoutId: string, query: string, auth = shopper) => w.call('GET', `/checkout/${checkoutId}/rates?${query}`, { auth });

  it('quotes by postal prefix before state, one rate per carrier, cheapest first, with a stable shipment id', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER });
    const byPrefix = await rates(id, `address_id=${gdl}`);
    expect(byPrefix.status).toBe(200);
    expect(byPrefix.body.results).toEqual([
      {
        rate_id: 'est-gdl',
        shipment_id: expect.stringMatching(/^shp_/),
        carrier: 'Estafeta',
        service: 'Local',
        price: '80.00',
        price_minor: 8000,
        currency: 'MXN',
        days: 2,
      },
      {
        rate_id: 'dhl-jal',
        shipment_id: byPrefix.body.results[0].shipment_id,
        carrier: 'DHL',
        service: 'Express',
        price: '250.00',
        price_minor: 25000,
        currency: 'MXN',
        days: 1,
      },
    ]);
    expect((await rates(id, `address_id=${gdl}`)).body).toEqual(byPrefix.body);

    const byState = await rates(id, `address_id=${zapopan}`);
    expect(byState.body.results.map((r: { rate_id: string }) => r.rate_id)).toEqual(['est-jal', 'dhl-jal']);
    expect(byState.body.results[0].shipment_id).not.toBe(byPrefix.body.results[0].shipment_id);
  });

  it('quotes to a pickup branch (agency_id) by its state', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER });
    const res = await rates(id, 'agency_id=suc-centro');
    expect(res.body.results.map((r: { rate_id: string }) => r.rate_id)).toEqual(['dhl-jal']);
    expect((await rates(id, 'agency_id=nowhere')).body.code).toBe('branch_not_found');
  });

  it('refuses destinations without rates and shippers without zones or branches', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER });
    const far = await rates(id, `address_id=${sonora}`);
    expect([far.status, far.body.code]).toEqual([409, 'no_rates_for_destination']);
    const bare = await w.checkout(SHOPPER, { supplierId: BARE });
    const none = await rates(bare, `address_id=${gdl}`);
    expect([none.status, none.body.code]).toEqual([409, 'no_shipping_options']);
    const branches = await w.call('GET', `/checkout/${bare}/correosar_branches`, { auth: shopper });
    expect([branches.status, branches.body.code]).toEqual([409, 'branches_not_available']);
    expect((await rates(id, '')).status).toBe(400);
  });

  it('answers courier_quote_failed (409) when the broker throws, and leaves the checkout as it was', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER });
    const broker = w.app.get(ShippingBroker);
    const spy = jest.spyOn(broker, 'quote').mockRejectedValueOnce(new Error('courier API timed out'));
    try {
      const res = await rates(id, `address_id=${gdl}`);
      expect([res.status, res.body.code]).toEqual([409, 'courier_quote_failed']);
    } finally {
      spy.mockRestore();
    }
    expect((await w.call('GET', `/checkout/${id}`, { auth: shopper })).body).toMatchObject({
      status: 'open',
      delivery: null,
      shipping_minor: null,
    });
  });

  it('ships with a quoted broker rate: the quoted price, the address, a payment token; the checkout is ready', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER });
    const [rate] = (await rates(id, `address_id=${gdl}`)).body.results;
    const res = await w.call('PUT', `/checkout/${id}/broker`, {
      auth: shopper,
      payload: { rate_id: rate.rate_id, shipment_id: rate.shipment_id, referral: 'rita', campaign: 'navidad' },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.checkout).toMatchObject({
      id,
      status: 'ready',
      payment_token: res.body.token,
      shipping: '80.00',
      shipping_minor: 8000,
      total_minor: 58_000,
      delivery: {
        type: 'broker',
        rate_id: 'est-gdl',
        shipment_id: rate.shipment_id,
        carrier: 'Estafeta',
        days: 2,
        price: '80.00',
        price_minor: 8000,
      },
      address: { id: gdl, postal_code: '44100', administrative_area_level_1: 'JAL' },
      referral: 'rita',
      campaign: 'navidad',
    });
    const unknown = await w.call('PUT', `/checkout/${id}/broker`, {
      auth: shopper,
      payload: { rate_id: 'dhl-jal', shipment_id: 'shp_nope' },
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'rate_not_found']);
  });

  it('sets fixed delivery from the shipper (the dropshipping supplier when there is one) and returns a token', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER });
    const res = await w.call('PUT', `/checkout/${id}/fixed_delivery`, { auth: shopper, payload: { address_id: zapopan } });
    expect(res.status).toBe(200);
    expect(res.body.checkout).toMatchObject({
      status: 'ready',
      payment_token: res.body.token,
      shipping_minor: 9900,
      total_minor: 59_900,
      delivery: { type: 'fixed', days: 3, price: '99.00', price_minor: 9900 },
      address: { id: zapopan },
    });
    // delivery may be changed while the checkout is open; the token stays
    const again = await w.call('PUT', `/checkout/${id}/pickup`, { auth: shopper, payload: { agency_id: 'suc-centro' } });
    expect(again.body).toMatchObject({
      token: res.body.token,
      checkout: { shipping_minor: 0, address: null, delivery: { type: 'pickup', agency_id: 'suc-centro', days: 0 } },
    });

    const bare = await w.checkout(SHOPPER, { supplierId: SELLER, dssupplierId: OTHER });
    const none = await w.call('PUT', `/checkout/${bare}/fixed_delivery`, { auth: shopper, payload: { address_id: zapopan } });
    expect([none.status, none.body.code]).toEqual([409, 'fixed_delivery_not_available']);
  });

  it('asks for a date and time when the shipper schedules deliveries', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER, dssupplierId: DROPSHIPPER });
    const missing = await w.call('PUT', `/checkout/${id}/fixed_delivery`, { auth: shopper, payload: { address_id: gdl } });
    expect([missing.status, missing.body.code]).toEqual([400, 'scheduled_date_required']);
    const past = await w.call('PUT', `/checkout/${id}/fixed_delivery`, {
      auth: shopper,
      payload: { address_id: gdl, scheduled_date: '2020-01-01', scheduled_time: '10:00' },
    });
    expect([past.status, past.body.code]).toEqual([400, 'invalid_scheduled_date']);
    const badTime = await w.call('PUT', `/checkout/${id}/fixed_delivery`, {
      auth: shopper,
      payload: { address_id: gdl, scheduled_date: '2020-01-01', scheduled_time: '25:00' },
    });
    expect([badTime.status, badTime.body.code]).toEqual([400, 'validation_failed']);
    const day = new Date(w.app.get(Clock).now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const ok = await w.call('PUT', `/checkout/${id}/fixed_delivery`, {
      auth: shopper,
      payload: { address_id: gdl, scheduled_date: day, scheduled_time: '17:30' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.checkout.delivery).toEqual({
      type: 'fixed',
      days: 6,
      price: '45.50',
      price_minor: 4550,
      scheduled_date: day,
      scheduled_time: '17:30',
    });
  });

  it("answers 404 for another user's checkout or address and changes nothing", async () => {
    const mine = await w.checkout(SHOPPER, { supplierId: SELLER });
    for (const [method, url, payload] of [
      ['GET', `/checkout/${mine}/rates?address_id=${gdl}`, undefined],
      ['PUT', `/checkout/${mine}/fixed_delivery`, { address_id: gdl }],
      ['PUT', `/checkout/${mine}/pickup`, { agency_id: 'suc-centro' }],
      ['GET', `/checkout/${mine}/correosar_branches`, undefined],
    ] as const) {
      const res = await w.call(method, url, { auth: other, payload });
      expect([url, res.status, res.body.code]).toEqual([url, 404, 'checkout_not_found']);
    }
    const theirs = await w.checkout(OTHER, { supplierId: SELLER });
    const foreignAddress = await w.call('PUT', `/checkout/${theirs}/fixed_delivery`, { auth: other, payload: { address_id: gdl } });
    expect([foreignAddress.status, foreignAddress.body.code]).toEqual([404, 'address_not_found']);
    const [rate] = (await rates(mine, `address_id=${gdl}`)).body.results;
    const foreignQuote = await w.call('PUT', `/checkout/${theirs}/broker`, {
      auth: other,
      payload: { rate_id: rate.rate_id, shipment_id: rate.shipment_id },
    });
    expect([foreignQuote.status, foreignQuote.body.code]).toEqual([404, 'rate_not_found']);
    for (const [id, auth] of [
      [mine, shopper],
      [theirs, other],
    ] as const) {
      expect((await w.call('GET', `/checkout/${id}`, { auth })).body).toMatchObject({
        status: 'open',
        delivery: null,
        payment_token: null,
      });
    }
    expect((await w.call('PUT', `/checkout/${mine}/pickup`, { payload: { agency_id: 'suc-centro' } })).status).toBe(401);
  });

  it('lists the pickup branches and refuses an unknown one', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER });
    const res = await w.call('GET', `/checkout/${id}/correosar_branches`, { auth: shopper });
    expect(res.body.results).toEqual([
      { id: 'suc-centro', name: 'Sucursal Centro', address: 'Madero 1', phone: '5512345678', state: 'CMX', postal_code: '06000' },
    ]);
    const unknown = await w.call('PUT', `/checkout/${id}/pickup`, { auth: shopper, payload: { agency_id: 'suc-norte' } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'branch_not_found']);
  });

  it('replays a delivery call with the same Idempotency-Key byte for byte, and refuses the key with another body', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER });
    const headers = { 'idempotency-key': `fixed-${id}` };
    const first = await w.call('PUT', `/checkout/${id}/fixed_delivery`, { auth: shopper, headers, payload: { address_id: gdl } });
    const second = await w.call('PUT', `/checkout/${id}/fixed_delivery`, { auth: shopper, headers, payload: { address_id: gdl } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.raw).toBe(first.raw);
    const reused = await w.call('PUT', `/checkout/${id}/fixed_delivery`, { auth: shopper, headers, payload: { address_id: zapopan } });
    expect([reused.status, reused.body.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('refuses delivery changes once the checkout expired (410) while reads still answer', async () => {
    const id = await w.checkout(SHOPPER, { supplierId: SELLER, expiresInMs: -1000 });
    const fixed = await w.call('PUT', `/checkout/${id}/fixed_delivery`, { auth: shopper, payload: { address_id: gdl } });
    expect([fixed.status, fixed.body.code]).toEqual([410, 'checkout_expired']);
    expect((await rates(id, `address_id=${gdl}`)).status).toBe(410);
    expect((await w.call('GET', `/checkout/${id}/correosar_branches`, { auth: shopper })).status).toBe(200);
    expect((await w.call('GET', `/checkout/${id}`, { auth: shopper })).body.status).toBe('expired');
  });
});
